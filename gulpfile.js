/**
 * Asset tasks of the build, run by `npm run build` after `n8n-node build` has compiled the
 * TypeScript:
 * - copy the node and credential icons into dist/ (n8n loads them from next to the .js files);
 * - check that every `file:` icon that a built node or credential names exists in dist/, so a
 *   renamed or forgotten icon fails the build instead of showing a broken image in n8n.
 */
const { src, dest, series } = require('gulp');
const fs = require('node:fs');
const path = require('node:path');

function copyIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

function listJs(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return listJs(full);
		return entry.name.endsWith('.node.js') || entry.name.endsWith('.credentials.js') ? [full] : [];
	});
}

async function checkIcons() {
	const files = [...listJs('dist/nodes'), ...listJs('dist/credentials')];
	if (files.length === 0)
		throw new Error('dist/ has no built nodes or credentials: run n8n-node build first');
	const missing = [];
	for (const file of files) {
		const code = fs.readFileSync(file, 'utf8');
		for (const match of code.matchAll(/['"]file:([^'"]+)['"]/g)) {
			const icon = path.resolve(path.dirname(file), match[1]);
			if (!fs.existsSync(icon)) missing.push(`${file} names ${match[1]}, not found at ${icon}`);
		}
	}
	if (missing.length > 0) throw new Error(`Missing icons:\n${missing.join('\n')}`);
}

exports['build:icons'] = series(copyIcons, checkIcons);
exports.default = exports['build:icons'];
