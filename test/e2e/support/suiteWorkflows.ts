/**
 * The workflows of the end-to-end suite (suite.ts): the action workflows the CLI side runs with
 * `n8n execute`, and the trigger workflows the server side publishes.
 */
import { SANDBOX_CREDENTIAL } from '../../../harness/n8n/environment';
import { TRIGGER_EVENTS } from '../../../nodes/OutreachContact/trigger/events';
import {
	actionNode,
	addContactNode,
	chainWorkflow,
	setJson,
	splitOut,
	triggerNode,
	workflow,
} from '../../../harness/n8n/workflows';
import type { WorkflowJson } from '../../../harness/workflowJson';

export const credential = SANDBOX_CREDENTIAL;

export const SEARCH_DOMAIN = 'search.e2e.example.com';
export const ADD_EMAILS = [
	'ada@add.e2e.example.com',
	'bob@add.e2e.example.com',
	'ada@add.e2e.example.com',
];

export const addWorkflow = chainWorkflow(
	'E2E Contact Add',
	setJson('Emails', { emails: ADD_EMAILS }),
	splitOut('Split', 'emails'),
	actionNode(
		'Add',
		{
			resource: 'contact',
			operation: 'add',
			email: '={{ $json.emails }}',
			sequenceId: { __rl: true, mode: 'id', value: '101' },
			playbookId: { __rl: true, mode: 'list', value: '201', cachedResultName: 'Cold Email Intro' },
			additionalFields: {
				pronetHandle: "={{ $json.emails.split('@')[0] + '-e2e' }}",
				doEnrichment: true,
				customFields: { field: [{ name: 'source', value: 'n8n e2e' }] },
			},
		},
		credential,
	),
);

export function getWorkflow(contactId: number) {
	return chainWorkflow(
		'E2E Contact Get',
		actionNode(
			'Get',
			{ resource: 'contact', operation: 'get', contactId: String(contactId) },
			credential,
		),
		actionNode(
			'Get Full',
			{ resource: 'contact', operation: 'get', contactId: '={{ $json.id }}', simplify: false },
			credential,
		),
		actionNode(
			'Get Missing',
			{ resource: 'contact', operation: 'get', contactId: '999999' },
			credential,
			{
				onError: 'continueRegularOutput',
			},
		),
	);
}

export const searchConditions = {
	condition: [
		{ property: 'email', operator: 'Contains', value: `@${SEARCH_DOMAIN}` },
		{ property: 'sequence__id', operator: 'Is', sequenceId: 102 },
		{ property: 'sequence__id', operator: 'Is', sequenceId: 103 },
		{ property: 'created_timestamp', operator: 'Less than', days: 1 },
	],
};

export const searchWorkflow = chainWorkflow(
	'E2E Contact Search',
	actionNode(
		'Search All',
		{ resource: 'contact', operation: 'search', conditions: searchConditions, returnAll: true },
		credential,
	),
);

export const searchLimitWorkflow = workflow(
	'E2E Contact Search Limit',
	[
		{
			id: 'b0000000-0000-4000-8000-000000000001',
			name: 'Manual',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		actionNode(
			'Search Three',
			{
				resource: 'contact',
				operation: 'search',
				conditions: searchConditions,
				returnAll: false,
				limit: 3,
			},
			credential,
		),
	],
	{ Manual: { main: [[{ node: 'Search Three', type: 'main', index: 0 }]] } },
);

/** Three list operations side by side from one Manual Trigger. */
export const listsWorkflow = workflow(
	'E2E Lists',
	[
		{
			id: 'a0000000-0000-4000-8000-000000000001',
			name: 'Manual',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		actionNode(
			'Playbooks',
			{ resource: 'playbook', operation: 'getAll', returnAll: true },
			credential,
		),
		actionNode(
			'Sequences',
			{
				resource: 'sequence',
				operation: 'getAll',
				returnAll: false,
				limit: 2,
				filters: { profileId: 1 },
			},
			credential,
		),
		actionNode('Profile', { resource: 'profile', operation: 'get', profileId: '2' }, credential),
	],
	{
		Manual: {
			main: [
				[
					{ node: 'Playbooks', type: 'main', index: 0 },
					{ node: 'Sequences', type: 'main', index: 0 },
					{ node: 'Profile', type: 'main', index: 0 },
				],
			],
		},
	},
);

export const badInputWorkflow = chainWorkflow(
	'E2E Bad Input',
	addContactNode('Add Bad', 'not-an-email', credential),
);

/** A credential whose Base URL redirects every request to another origin (issue 26, point 2). */
export const REDIRECT_CREDENTIAL = { id: 'e2eRedirectCred01', name: 'Outreach Redirecting' };
export const redirectWorkflow = chainWorkflow(
	'E2E Redirect',
	actionNode(
		'Get',
		{ resource: 'contact', operation: 'get', contactId: '4242' },
		REDIRECT_CREDENTIAL,
		{ onError: 'continueRegularOutput' },
	),
	addContactNode(
		'Add',
		'redirected@e2e.example.com',
		REDIRECT_CREDENTIAL,
		{ onError: 'continueRegularOutput' },
		{ options: { lookUpContact: false } },
	),
);

/**
 * Two credentials whose Base URLs cannot be reached (issue 26, point 4): one refuses the
 * connection, one drops it (retried). 2,000 items each, Continue On Fail.
 */
export const REFUSED_CREDENTIAL = { id: 'e2eRefusedCred001', name: 'Outreach Refused' };
export const DROPPED_CREDENTIAL = { id: 'e2eDroppedCred001', name: 'Outreach Dropped' };
export const UNREACHABLE_ITEMS = 2_000;
export const unreachableWorkflow = chainWorkflow(
	'E2E Unreachable',
	setJson('Ids', { ids: Array.from({ length: UNREACHABLE_ITEMS }, (_, i) => i + 1) }),
	splitOut('Split', 'ids'),
	actionNode(
		'Get Refused',
		{ resource: 'contact', operation: 'get', contactId: '={{ $json.ids }}' },
		REFUSED_CREDENTIAL,
		{ onError: 'continueRegularOutput' },
	),
	actionNode(
		'Get Dropped',
		{ resource: 'contact', operation: 'get', contactId: '={{ $json.ids ?? 1 }}' },
		DROPPED_CREDENTIAL,
		{ onError: 'continueRegularOutput' },
	),
);

/** A trigger node of ours in a trigger workflow, and its event. */
export interface WatchedTrigger {
	name: string;
	event: (typeof TRIGGER_EVENTS)[number];
}

/** A workflow the server side publishes: our trigger nodes in it, and n8n's RSS trigger if any. */
export interface TriggerWorkflow {
	workflow: WorkflowJson;
	triggers: WatchedTrigger[];
	rssNode?: string;
}

/**
 * Every poll at second 30 of each minute: polling triggers of one workflow that poll at the
 * same second overlap (issue 50; n8n draws a random second for "Every Minute").
 */
export const SAME_SECOND_POLLS = {
	pollTimes: { item: [{ mode: 'custom', cronExpression: '30 * * * * *' }] },
};

export const RSS_NODE = 'RSS Feed Trigger';

/**
 * The trigger workflows: one per event of the table, its trigger node named as the event (what
 * each emits: triggerRuns.ts), a workflow of its own each, as users build them; then, for issue
 * 50, one with a node per event all polling at the same second, and one with a New Contact node
 * and n8n's own RSS Feed Read Trigger (reading `feedUrl`) at the same second.
 */
export function triggerWorkflows(feedUrl: string): TriggerWorkflow[] {
	const perEvent = TRIGGER_EVENTS.map((event) => ({
		workflow: workflow(
			`E2E ${event.name} Trigger`,
			[triggerNode(event.name, { event: event.value, simplify: true }, credential)],
			{},
		),
		triggers: [{ name: event.name, event }],
	}));
	const sameSecond = TRIGGER_EVENTS.map((event) => ({ name: `${event.name} at :30`, event }));
	const newContact = TRIGGER_EVENTS.find((e) => e.value === 'newContact')!;
	const beside = { name: 'New Contact beside RSS', event: newContact };
	return [
		...perEvent,
		{
			workflow: workflow(
				'E2E Three Triggers at One Second',
				sameSecond.map((t) =>
					triggerNode(
						t.name,
						{ event: t.event.value, simplify: true, ...SAME_SECOND_POLLS },
						credential,
					),
				),
				{},
			),
			triggers: sameSecond,
		},
		{
			workflow: workflow(
				'E2E Trigger and RSS at One Second',
				[
					triggerNode(
						beside.name,
						{ event: newContact.value, simplify: true, ...SAME_SECOND_POLLS },
						credential,
					),
					{
						id: 'e2e-rss-feed-trigger',
						name: RSS_NODE,
						type: 'n8n-nodes-base.rssFeedReadTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: { feedUrl, ...SAME_SECOND_POLLS },
					},
				],
				{},
			),
			triggers: [beside],
			rssNode: RSS_NODE,
		},
	];
}
