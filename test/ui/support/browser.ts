/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- UI test code, not shipped: it drives Chromium with playwright-core, writes screenshots with fs and reports plain Errors */
/**
 * Headless Chromium (Debian's `chromium` package, no Playwright browser download) driven by
 * playwright-core, and helpers for n8n's editor.
 *
 * - `launchBrowser()` => `UiBrowser`: a fresh profile folder (`--user-data-dir`), the flags a closed
 *   network needs.
 * - `signIn(page, baseUrl, owner)`: n8n's sign-in page.
 * - `readOptions(page, trigger)` / `selectOption(page, trigger, name)`: n8n's option dropdowns.
 * - `Screenshots`: debug shots (test-results/ui) and documentation shots (docs/screenshots).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, selectors, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** `CHROMIUM_PATH` overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without these, Chromium on a machine without network floods refused connections. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export const VIEWPORT = { width: 1280, height: 1000 };

export interface UiBrowser {
	context: BrowserContext;
	page: Page;
	close(): Promise<void>;
}

// n8n marks its elements with data-test-id, not Playwright's default data-testid.
selectors.setTestIdAttribute('data-test-id');

export async function launchBrowser(): Promise<UiBrowser> {
	const profile = mkdtempSync(join(tmpdir(), 'outreach-ui-chromium-'));
	let context: BrowserContext;
	try {
		context = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM_PATH,
			headless: true,
			// playwright passes the profile folder as --user-data-dir itself.
			args: CHROMIUM_ARGS,
			viewport: VIEWPORT,
			locale: 'en-US',
			timezoneId: 'UTC',
		});
	} catch (error) {
		rmSync(profile, { recursive: true, force: true });
		throw new Error(
			`Chromium did not start from ${CHROMIUM_PATH} (install it with: apt-get install -y chromium): ${(error as Error).message}`,
		);
	}
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(20_000);
	return {
		context,
		page,
		async close() {
			await context.close().catch(() => undefined);
			rmSync(profile, { recursive: true, force: true });
		},
	};
}

export async function signIn(
	page: Page,
	baseUrl: string,
	owner: { email: string; password: string },
): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.locator('input[name="emailOrLdapLoginId"]').fill(owner.email);
	await page.locator('input[name="password"]').fill(owner.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
}

/** Items of the option dropdown that is open now (n8n's `options` parameters). */
function openItems(page: Page): Locator {
	return page.locator('.el-select__popper:visible [data-test-id="parameter-input-item"]');
}

/** The names of the open dropdown's options (the headline, without the description). */
async function openOptionNames(page: Page): Promise<string[]> {
	const items = openItems(page);
	await items.first().waitFor();
	const names: string[] = [];
	for (let i = 0, count = await items.count(); i < count; i++) {
		const item = items.nth(i);
		const headline = item.locator('.option-headline');
		names.push(
			((await headline.count()) > 0 ? await headline.innerText() : await item.innerText()).trim(),
		);
	}
	return names;
}

/** Opens the dropdown of `trigger` (e.g. `parameter-input-operation`), reads it, closes it. */
export async function readOptions(page: Page, trigger: Locator): Promise<string[]> {
	await trigger.click();
	const names = await openOptionNames(page);
	await page.keyboard.press('Escape');
	await openItems(page).first().waitFor({ state: 'hidden' });
	return names;
}

/** Opens the dropdown of `trigger`, leaves it open and returns its option names. */
export async function openOptions(page: Page, trigger: Locator): Promise<string[]> {
	await trigger.click();
	return await openOptionNames(page);
}

/** Closes an open option dropdown. */
export async function closeOptions(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await openItems(page).first().waitFor({ state: 'hidden' });
}

/** Picks the option named exactly `name` from the dropdown of `trigger`. */
export async function selectOption(page: Page, trigger: Locator, name: string): Promise<void> {
	await trigger.click();
	const items = openItems(page);
	await items.first().waitFor();
	await items
		.filter({ has: page.getByText(name, { exact: true }) })
		.first()
		.click();
	await items.first().waitFor({ state: 'hidden' });
}

/** The value an option parameter shows (its selected option's name). */
export async function shownValue(parameterInput: Locator): Promise<string> {
	return (await parameterInput.locator('input').first().inputValue()).trim();
}

export interface Box {
	x: number;
	y: number;
	width: number;
	height: number;
}

/** The smallest box holding all `boxes`, grown by `margin` and kept inside the viewport. */
export function unionBox(boxes: Array<Box | null>, margin = 8): Box {
	const present = boxes.filter((box): box is Box => box !== null);
	if (present.length === 0) throw new Error('nothing to frame: no element is visible');
	const left = Math.max(0, Math.min(...present.map((b) => b.x)) - margin);
	const top = Math.max(0, Math.min(...present.map((b) => b.y)) - margin);
	const right = Math.min(VIEWPORT.width, Math.max(...present.map((b) => b.x + b.width)) + margin);
	const bottom = Math.min(
		VIEWPORT.height,
		Math.max(...present.map((b) => b.y + b.height)) + margin,
	);
	return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Screenshots: `debug(name)` after every step into `test-results/ui/` (emptied first, not committed), and
 * `doc(name, clip?)` into `docs/screenshots/` (committed, shown in README).
 */
export class Screenshots {
	private counter = 0;

	constructor(
		private readonly page: Page,
		readonly debugDir: string,
		readonly docDir: string,
	) {
		rmSync(debugDir, { recursive: true, force: true }); // shots of an earlier run would mislead
		mkdirSync(debugDir, { recursive: true });
		mkdirSync(docDir, { recursive: true });
	}

	async debug(name: string): Promise<string> {
		const file = join(this.debugDir, `${String(++this.counter).padStart(2, '0')}-${name}.png`);
		await this.page.screenshot({ path: file });
		return file;
	}

	async doc(name: string, clip?: Box): Promise<string> {
		const file = join(this.docDir, `${name}.png`);
		await this.page.screenshot({ path: file, clip, animations: 'disabled', caret: 'hide' });
		return file;
	}
}
