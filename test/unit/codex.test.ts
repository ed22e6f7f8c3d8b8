/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads the codex files with fs from __dirname */
/** The codex files n8n's node panel searches: both nodes are found by the words users type. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const codex = (file: string) =>
	JSON.parse(readFileSync(join(__dirname, '../../nodes/OutreachContact', file), 'utf8')) as {
		node: string;
		alias?: string[];
	};

describe('codex aliases', () => {
	it.each(['OutreachContact.node.json', 'OutreachContactTrigger.node.json'])(
		'%s names the words users search for',
		(file) => {
			const { alias = [] } = codex(file);
			for (const word of [
				'Lead',
				'Prospect',
				'Enrichment',
				'Personalization',
				'Cold Email',
				'Sequence',
			])
				expect(alias).toContain(word);
			// Title Case, each once.
			expect(alias.filter((a) => !/^[A-Z][a-z]*( [A-Z][a-z]*)*$/.test(a))).toEqual([]);
			expect(new Set(alias).size).toBe(alias.length);
		},
	);
});
