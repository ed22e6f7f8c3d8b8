#!/usr/bin/env node
/**
 * `npm run scan`: the checks of n8n's community package scanner (@n8n/scan-community-package),
 * run locally. The published scanner only scans a package already on npm (it downloads the
 * tarball and the source its provenance names); its analyzer runs here on the same two legs:
 *   1. the source: package.json and nodes/ + credentials/ (.ts, .json), full rule set;
 *   2. the tarball `npm pack` would publish: its compiled .js and package.json;
 * and checks that the tarball holds only what n8n loads (PACKED: the compiled nodes and
 * credential with their type declarations, icons and codex files; README, LICENSE, CHANGELOG),
 * no build leftovers (tsbuildinfo, source maps) and no README images (linked from the repository).
 * Run after `npm run build`. Exits 1 on any violation.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	SOURCE_FILE_PATTERNS,
	analyzePackage,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = process.cwd();

/** Every file the tarball may hold. */
const PACKED = [
	/^package\/package\.json$/,
	/^package\/(README|LICENSE|CHANGELOG)\.md$/,
	/^package\/dist\/(nodes|credentials)\/.+\.(js|d\.ts)$/,
	/^package\/dist\/nodes\/.+\.(node\.json|svg|png)$/,
];
const work = mkdtempSync(join(tmpdir(), 'outreach-scan-'));

function packTarball() {
	execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
	if (!tarball) throw new Error('npm pack produced no tarball');
	const dir = join(work, 'package');
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	return { dir, tarball: join(work, tarball) };
}

/** The tarball's files that PACKED does not allow, and how many it holds. */
function unexpectedFiles(tarball) {
	const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
		.split('\n')
		.filter((line) => line && !line.endsWith('/'));
	return {
		count: listed.length,
		unexpected: listed.filter((file) => !PACKED.some((pattern) => pattern.test(file))),
	};
}

function report(label, result) {
	if (result.passed) {
		console.log(`✅ ${label}: ${result.message ?? 'no violations'}`);
		return true;
	}
	console.log(`❌ ${label}: ${result.message}`);
	if (result.details) console.log(result.details);
	return false;
}

try {
	const { dir: packed, tarball: packedFile } = packTarball();
	const files = readdirSync(join(packed, 'dist'), { recursive: true }).filter((f) =>
		String(f).endsWith('.js'),
	);
	if (files.length === 0)
		throw new Error('The packed tarball has no compiled .js files: run npm run build first');
	const source = await analyzePackage(root, SOURCE_FILE_PATTERNS);
	const tarball = await analyzePackage(packed, ['**/*.js', 'package.json']);
	const contents = unexpectedFiles(packedFile);
	const onlyLoaded = report(`tarball contents (${contents.count} files)`, {
		passed: contents.unexpected.length === 0,
		message:
			contents.unexpected.length === 0
				? 'only what n8n loads, and README, LICENSE, CHANGELOG'
				: `files n8n does not load: ${contents.unexpected.join(', ')}`,
	});
	const ok =
		report('source (package.json, nodes/, credentials/)', source) &
		report(`tarball (${files.length} .js files)`, tarball) &
		onlyLoaded;
	process.exitCode = ok ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
