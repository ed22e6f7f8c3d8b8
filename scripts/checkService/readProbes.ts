import {
	endpoints,
	getContact,
	getProfile,
	listPlaybooks,
	listSequences,
} from '../../nodes/OutreachContact/transport/api';
import { readProfile } from '../../nodes/OutreachContact/transport/envelope';
import { notFound, serviceMessage } from '../../nodes/OutreachContact/transport/serviceFailure';
import { describeAnswer, nodeError, type Answer } from './client';
import { httpCodeOf, viaNodes, type Probe } from './probe';
import { quote } from './report';

/** The read-only probes that need no search: /me, a wrong key, both lists, Get Profile, Get, a 404. */

/** An id no account has: the largest 32-bit integer, which a service's database still takes. */
export const MISSING_ID = 2_147_483_647;

const WRONG_KEY = 'check-service-wrong-key';

/** GET /me, as the credential test asks it. False when the service gave no 2xx answer: nothing else can be checked. */
export async function probeMe(probe: Probe): Promise<boolean> {
	const answer = await probe.client.send('GET', endpoints.me);
	const asked = `GET ${endpoints.me} with the key`;
	const got = describeAnswer(answer);
	const topic = '/me (connection test)';
	const message = (answer.body as { message?: unknown } | undefined)?.message;
	if (answer.status >= 200 && answer.status < 300 && answer.isJson && message !== undefined) {
		const nodes = `the credential test passes (the service said ${quote(String(message), 80)})`;
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
		return true;
	}
	const answered = answer.status >= 200 && answer.status < 300;
	probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes: meAdvice(answer) });
	return answered;
}

function meAdvice(answer: Answer): string {
	const rest = 'the other checks need a working /me, so none ran';
	if (answer.status === 0)
		return `the nodes cannot reach the service; check the Base URL and the network; ${rest}`;
	if (answer.status === 401 || answer.status === 403)
		return `the nodes say the API key was rejected; check ${'OUTREACH_API_KEY'} (the account key from the service's settings); ${rest}`;
	if (answer.status === 429)
		return `the account is rate-limited right now (a --burst a minute ago, or busy workflows): run again in a minute; ${rest}`;
	if (answer.status >= 300 && answer.status < 400)
		return `the nodes and the credential test never follow a redirect (the key would go elsewhere); use the address it leads to as --base-url (${answer.headers.location ? `Location ${quote(answer.headers.location, 100)}` : 'no Location'}); ${rest}`;
	if (answer.status === 404)
		return `the credential test says the Base URL has no /me; check that --base-url is the API address ending in /api/v2; ${rest}`;
	if (answer.status >= 200 && answer.status < 300)
		return 'the credential test fails: it wants a JSON answer with "message"; check that --base-url is the API address ending in /api/v2, not the web app';
	return `the credential test and every operation fail; check --base-url and the service's status; ${rest}`;
}

/** GET /me with a wrong key: the nodes tell a rejected key by 401 or 403. */
export async function probeWrongKey(probe: Probe): Promise<void> {
	const answer = await probe.client.send('GET', endpoints.me, { authorization: WRONG_KEY });
	const topic = 'a wrong API key';
	const asked = `GET ${endpoints.me} with the key "${WRONG_KEY}"`;
	const got = describeAnswer(answer);
	if (answer.status === 401 || answer.status === 403) {
		const nodes = `every operation fails with "The Outreach Contact API rejected the API key (403)", the credential test with its own 403 text`;
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
		return;
	}
	const nodes = `the nodes know a rejected key only by 401 or 403: with a wrong key they would report ${answer.status === 0 ? 'a network failure' : `HTTP ${answer.status}`} instead; check how the service answers a wrong key`;
	probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
}

/** The ids of both lists, where they could be read. */
export interface ListedIds {
	sequenceIds?: number[];
	playbookIds?: number[];
}

/** Both lists, through the nodes' own calls (the dropdowns and Get Many use them). */
export async function probeLists(probe: Probe): Promise<ListedIds> {
	const ids: ListedIds = {};
	for (const kind of ['playbooks', 'sequences'] as const) {
		const path = kind === 'playbooks' ? endpoints.playbooks : endpoints.sequences;
		const outcome = await viaNodes(probe, async () =>
			kind === 'playbooks' ? await listPlaybooks(probe.ctx) : await listSequences(probe.ctx),
		);
		const got = outcome.answer ? describeAnswer(outcome.answer) : 'no answer';
		const topic = `${kind} list`;
		if (outcome.ok) {
			const list = outcome.value.map((entry) => Number(entry.id));
			if (kind === 'playbooks') ids.playbookIds = list;
			else ids.sequenceIds = list;
			const nodes = `Get Many and the ${kind === 'playbooks' ? 'Playbook' : 'Sequence'} dropdown read ${list.length} ${kind}${list.length === 0 ? ' (none: the dropdown stays empty)' : ''}`;
			probe.report.add({ verdict: 'handled', topic, asked: `GET ${path}`, got, nodes });
		} else {
			const nodes = `Get Many and the dropdown fail: ${nodeError(outcome.error)}`;
			probe.report.add({ verdict: 'NOT HANDLED', topic, asked: `GET ${path}`, got, nodes });
		}
	}
	return ids;
}

/** How a profile answer is wrapped: in {data}, or bare. */
function envelopeOf(body: unknown): string {
	const data = (body as { data?: unknown } | undefined)?.data;
	return data !== null && typeof data === 'object' ? 'wrapped in {data}' : 'a bare profile object';
}

/**
 * Get Profile: how the id is supplied and how the answer is wrapped (interface 4.7: not shown).
 * With a known profile: the nodes' call (`?profile_id=N`), and when it fails, the other usual
 * forms, to say which one the service takes. Without: a profile id that cannot exist.
 */
export async function probeProfile(probe: Probe): Promise<void> {
	const id = probe.options.profileId;
	const topic = 'Get Profile';
	if (id === undefined) {
		const answer = await probe.client.send('GET', endpoints.profile, {
			qs: { profile_id: MISSING_ID },
		});
		const asked = `GET ${endpoints.profile}?profile_id=${MISSING_ID} (an id that cannot exist; no --profile-id given)`;
		const hint =
			answer.status === 404
				? 'a 404 suggests the service reads profile_id, as the nodes send it'
				: 'this says little';
		const nodes = `${hint}; run again with --profile-id <one of your profiles> to check the parameter and the envelope`;
		probe.report.add({ verdict: 'not checked', topic, asked, got: describeAnswer(answer), nodes });
		return;
	}
	const asked = `GET ${endpoints.profile}?profile_id=${id} (the nodes' form)`;
	const outcome = await viaNodes(probe, async () => await getProfile(probe.ctx, id));
	const got = outcome.answer ? describeAnswer(outcome.answer) : 'no answer';
	if (outcome.ok) {
		const nodes = `Get Profile outputs the profile (the answer is ${envelopeOf(outcome.answer?.body)}; the nodes take both forms)`;
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
		return;
	}
	const alternatives: Array<[string, { qs?: Record<string, number> }]> = [
		[endpoints.profile, { qs: { id } }],
		[`${endpoints.profile}${id}/`, {}],
	];
	let works: string | undefined;
	for (const [path, options] of alternatives) {
		const answer = await probe.client.send('GET', path, options);
		if (answer.status !== 200 || !answer.isJson) continue;
		try {
			readProfile(answer.body);
			works = `${answer.request} answers the profile (${envelopeOf(answer.body)})`;
			break;
		} catch {
			// not this form either
		}
	}
	const nodes = `Get Profile fails: ${nodeError(outcome.error)}; ${works ? `${works}: the nodes send profile_id, tell the maintainers` : `neither ?id=${id} nor /profiles/get/${id}/ answered a profile either: check that ${id} is one of your profiles`}`;
	probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
}

/** Contact → Get on a contact the search found: the envelope the nodes read. */
export async function probeGetContact(probe: Probe, id: number | undefined): Promise<void> {
	const topic = 'Get contact';
	if (id === undefined) {
		const nodes = 'the search found no contact to get (--write adds one)';
		probe.report.add({
			verdict: 'not checked',
			topic,
			asked: 'nothing',
			got: 'no contact id',
			nodes,
		});
		return;
	}
	const asked = `GET ${endpoints.contact(id)} (a contact the search returned)`;
	const outcome = await viaNodes(probe, async () => await getContact(probe.ctx, id));
	const got = outcome.answer ? describeAnswer(outcome.answer) : 'no answer';
	if (outcome.ok) {
		probe.report.add({
			verdict: 'handled',
			topic,
			asked,
			got,
			nodes: 'Get outputs the contact ({data} unwrapped)',
		});
	} else {
		probe.report.add({
			verdict: 'NOT HANDLED',
			topic,
			asked,
			got,
			nodes: `Get fails: ${nodeError(outcome.error)}`,
		});
	}
}

/** The error body of a 404: a contact id that cannot exist. */
export async function probeNotFound(probe: Probe): Promise<void> {
	const topic = 'a 404 and its body';
	const asked = `GET ${endpoints.contact(MISSING_ID)} (an id that cannot exist)`;
	const outcome = await viaNodes(probe, async () => await getContact(probe.ctx, MISSING_ID));
	const answer = outcome.answer;
	const got = answer ? describeAnswer(answer) : 'no answer';
	const status = outcome.ok ? answer?.status : httpCodeOf(outcome.error);
	if (outcome.ok || status === undefined || status < 400 || status >= 500) {
		const what = outcome.ok
			? 'Get outputs a contact for an id that cannot exist'
			: `Get fails: ${nodeError(outcome.error)}`;
		const nodes = `${what}; the nodes expect a 404 here (Get's "not found", the search pager's vanished page): check the contact route`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
		return;
	}
	const failed = `Get fails with "${(outcome.error as Error).message}"`;
	let nodes: string;
	if (status !== 404) {
		nodes = `${failed} instead of "${notFound(asked, `Contact ${MISSING_ID}`).message}": a failure all the same`;
	} else if (!answer?.isJson) {
		nodes = `${failed} rather than "not found", since the body is not JSON; the search pager still sees the 404`;
	} else {
		const said = serviceMessage(answer.body);
		nodes = `${failed}${said ? ` (the body's message: ${quote(said, 80)})` : ''}; a 404 for a search page tells the pager the list shrank`;
	}
	probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
}
