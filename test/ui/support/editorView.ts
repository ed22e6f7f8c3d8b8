import type { Locator, Page } from 'playwright-core';

import { unionBox, type Box } from './browser';

/** The parts of n8n's editor the editor test (editor.ui.test.ts) works with, on one page. */
export class EditorView {
	constructor(private readonly page: Page) {}

	ndv = () => this.page.getByTestId('ndv');
	nodeCreatorItems = () => this.page.getByTestId('node-creator').getByTestId('item-iterator-item');
	conditions = () => this.ndv().getByTestId('fixed-collection-conditions');

	/** The parameter column of the open node, cut below its last visible parameter (and `extra`). */
	async parameterClip(extra: Locator[] = []) {
		const column = await this.ndv()
			.getByTestId('node-parameters')
			.locator('xpath=..')
			.boundingBox();
		if (!column) throw new Error('the node details view shows no parameters');
		const boxes: Box[] = [{ ...column, height: 40 }];
		const candidates = [...(await this.ndv().getByTestId('parameter-item').all()), ...extra];
		for (const locator of candidates) {
			const box = await locator.boundingBox();
			if (box && box.y >= column.y && box.y + box.height <= column.y + column.height)
				boxes.push(box);
		}
		const bottom = unionBox(boxes, 0);
		return {
			x: column.x,
			y: column.y,
			width: column.width,
			height: Math.min(bottom.y + bottom.height + 16, column.y + column.height) - column.y,
		};
	}

	async closeNdv(): Promise<void> {
		await this.ndv().getByTestId('ndv-close-button').click();
		await this.ndv().waitFor({ state: 'hidden' });
	}

	/** Shows `item` of the node creator, unfolding its group (Actions or Triggers) if folded. */
	async unfold(item: Locator, category: 'Actions' | 'Triggers'): Promise<void> {
		// n8n folds one of the two groups (which one depends on whether the workflow has a trigger);
		// a click on an unfolded group would fold it, so look first, allowing for the slide-in.
		const shown = await item.waitFor({ timeout: 3_000 }).then(
			() => true,
			() => false,
		);
		if (!shown)
			await this.page
				.getByTestId('node-creator-category-item')
				.filter({ hasText: category })
				.first()
				.click();
		await item.waitFor();
	}

	/** Node creator (from the "+" at the top right), search, our node, then one of its actions. */
	async addFromNodeCreator(open: Locator, action: string, category: 'Actions' | 'Triggers') {
		await open.click();
		await this.page.getByTestId('node-creator').waitFor();
		await this.page.getByTestId('node-creator-search-bar').fill('Outreach Contact');
		await this.nodeCreatorItems().filter({ hasText: 'Outreach Contact' }).first().click();
		const item = this.nodeCreatorItems().filter({
			has: this.page.getByText(action, { exact: true }),
		});
		await this.unfold(item, category);
		await item.click();
		await this.ndv().waitFor();
	}
}
