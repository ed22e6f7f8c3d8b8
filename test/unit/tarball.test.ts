/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it lays out a build with fs and runs npm */
/**
 * What `npm pack` (and so `npm publish`) puts in the tarball, as npm itself decides it from
 * package.json "files": `npm pack --dry-run --json` in a copy of the package whose dist/ holds
 * what the build makes of nodes/ and credentials/ (for each .ts its .js, .d.ts and .js.map,
 * the .json and icon files as they are, and the build's leftovers), empty files standing for
 * them. So the list is checked without a build, on any checkout.
 */
import { execFile } from 'node:child_process';
import {
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '../..');

function listFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? listFiles(full) : [full];
	});
}

/** The paths under dist/ that `npm run build` writes for the shipped sources. */
function builtPaths(): string[] {
	const built = ['dist/package.json', 'dist/tsconfig.tsbuildinfo'];
	for (const file of ['nodes', 'credentials'].flatMap((dir) => listFiles(join(ROOT, dir)))) {
		const path = join('dist', relative(ROOT, file));
		if (path.endsWith('.ts')) {
			const base = path.slice(0, -'.ts'.length);
			built.push(`${base}.js`, `${base}.d.ts`, `${base}.js.map`);
		} else {
			built.push(path);
		}
	}
	return built;
}

let packed: string[];
let built: string[];

beforeAll(async () => {
	const dir = mkdtempSync(join(tmpdir(), 'outreach-pack-'));
	try {
		// .npmrc: npm keeps its cache and logs in the temporary folder and runs no scripts.
		for (const file of ['package.json', '.npmrc', 'README.md', 'LICENSE.md', 'CHANGELOG.md'])
			copyFileSync(join(ROOT, file), join(dir, file));
		built = builtPaths();
		for (const path of built) {
			mkdirSync(dirname(join(dir, path)), { recursive: true });
			writeFileSync(join(dir, path), '');
		}
		const { stdout } = await promisify(execFile)(
			'npm',
			['pack', '--dry-run', '--json', '--ignore-scripts'],
			{ cwd: dir },
		);
		const [report] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
		packed = report.files.map((file) => file.path);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}, 120_000);

describe('the published tarball', () => {
	it('holds no test-only code: the test hooks are built, but not packed', () => {
		expect(built).toEqual(expect.arrayContaining(['dist/nodes/OutreachContact/testHooks.js']));
		expect(packed.filter((path) => /testHooks/i.test(path))).toEqual([]);
	});

	it('holds the nodes and the credential that package.json declares, with their descriptions and icons', () => {
		const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[]; credentials: string[] };
		};
		const declared = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
		expect(declared).toHaveLength(3);
		expect(packed).toEqual(
			expect.arrayContaining([
				...declared,
				...declared.map((file) => file.replace(/\.js$/, '.d.ts')),
				'dist/nodes/OutreachContact/OutreachContact.node.json',
				'dist/nodes/OutreachContact/OutreachContactTrigger.node.json',
				'dist/nodes/OutreachContact/outreachContact.svg',
				'dist/nodes/OutreachContact/outreachContact.dark.svg',
				'package.json',
			]),
		);
	});

	it('holds every other built module the nodes load, and no source map or build leftover', () => {
		const modules = built.filter((path) => path.endsWith('.js') && !path.endsWith('/testHooks.js'));
		expect(packed).toEqual(expect.arrayContaining(modules));
		expect(
			packed.filter((path) => /\.(map|tsbuildinfo)$|^dist\/package\.json$/.test(path)),
		).toEqual([]);
	});
});
