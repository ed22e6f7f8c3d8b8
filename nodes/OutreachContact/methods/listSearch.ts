import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPlaybooks, listSequences } from '../transport/api';

/** Entries whose name contains the typed text (case-insensitive), named with their profile. */
function toResults(
	entries: Array<{ id: number; name: string; profile: string }>,
	filter?: string,
): INodeListSearchResult {
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: entries
			.filter((e) => !needle || e.name.toLowerCase().includes(needle) || String(e.id) === needle)
			.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
			.map((e) => ({
				name: e.profile ? `${e.name} (${e.profile})` : e.name,
				value: String(e.id),
			})),
	};
}

export async function searchSequences(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const sequences = await listSequences(this);
	return toResults(
		sequences.map((s) => ({
			id: s.id,
			name: s.sequence_name ?? `Sequence ${s.id}`,
			profile: s.profile_name ?? '',
		})),
		filter,
	);
}

export async function searchPlaybooks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const playbooks = await listPlaybooks(this);
	return toResults(
		playbooks.map((p) => ({
			id: p.id,
			name: p.playbook_name ?? `Playbook ${p.id}`,
			profile: p.profile_name ?? '',
		})),
		filter,
	);
}
