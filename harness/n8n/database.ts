/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- e2e test code, not shipped: it drives n8n with child_process and fs and reports plain Errors */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { N8nHome, REPO_ROOT } from './home';
import { CliResult, n8nCli } from './cli';

/** Runs a read-only SQL query on the home's database with the install's own sqlite3 (and Node). */
export async function queryDb<T = Record<string, unknown>>(
	home: N8nHome,
	sql: string,
	params: unknown[] = [],
	options: { parseFlatted?: string[] } = {},
): Promise<T[]> {
	// A real file, read by lint and tsc's eyes, run by n8n's Node: see programs/sqliteQuery.js.
	const script = join(REPO_ROOT, 'harness', 'n8n', 'programs', 'sqliteQuery.js');
	return new Promise((resolveRows, reject) => {
		const child = spawn(home.install.nodeBin, [script], {
			env: {
				PATH: home.install.path,
				E2E_INSTALL_DIR: home.install.dir,
				E2E_QUERY: JSON.stringify({
					db: home.dbPath,
					sql,
					params,
					parseFlatted: options.parseFlatted ?? [],
				}),
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code !== 0) reject(new Error(`query failed (${code}): ${stderr}\n${sql}`));
			else resolveRows(JSON.parse(stdout) as T[]);
		});
	});
}

interface RunDataEntry {
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message?: string; description?: string; name?: string };
	executionStatus?: string;
	/** How long the node's run took, in ms (n8n's ITaskData.executionTime). */
	executionTime?: number;
}

export interface RunExecutionData {
	resultData: {
		runData: Record<string, RunDataEntry[]>;
		error?: { message?: string; description?: string; name?: string; node?: { name?: string } };
		lastNodeExecuted?: string;
	};
}

export interface StoredExecution {
	id: number;
	workflowId: string;
	status: string;
	mode: string;
	finished: number | boolean;
	startedAt: string;
	stoppedAt: string | null;
	data: RunExecutionData;
}

/** Executions of the home's database (oldest first), with their run data parsed. */
export async function readExecutions(
	home: N8nHome,
	options: { workflowId?: string; afterId?: number } = {},
): Promise<StoredExecution[]> {
	const rows = await queryDb<StoredExecution>(
		home,
		`SELECT e.id AS id, e.workflowId AS workflowId, e.status AS status, e.mode AS mode,
		        e.finished AS finished, e.startedAt AS startedAt, e.stoppedAt AS stoppedAt, d.data AS data
		   FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
		  WHERE (?1 IS NULL OR e.workflowId = ?1) AND e.id > ?2
		  ORDER BY e.id`,
		[options.workflowId ?? null, options.afterId ?? 0],
		{ parseFlatted: ['data'] },
	);
	return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function lastExecutionId(home: N8nHome): Promise<number> {
	const [row] = await queryDb<{ last: number | null }>(
		home,
		'SELECT MAX(id) AS last FROM execution_entity',
	);
	return Number(row?.last ?? 0);
}

export interface ExecutionResult extends CliResult {
	execution: StoredExecution;
	/** JSON of a node's first output of its first run ([] when it produced none). */
	output(nodeName: string): Array<Record<string, unknown>>;
	/** The error of the execution (the failing node's), if any. */
	error?: { message?: string; description?: string; name?: string; node?: { name?: string } };
}

export function nodeOutput(
	execution: StoredExecution,
	nodeName: string,
): Array<Record<string, unknown>> {
	const runs = execution.data?.resultData?.runData?.[nodeName];
	if (!runs || runs.length === 0)
		throw new Error(`node "${nodeName}" did not run in execution ${execution.id}`);
	return (runs[0].data?.main?.[0] ?? []).map((item) => item.json);
}

/** `n8n execute --id=ID --rawOutput` (killed after `timeoutMs`, default 3 min), then the execution it stored. */
export async function executeWorkflow(
	home: N8nHome,
	id: string,
	options: { timeoutMs?: number } = {},
): Promise<ExecutionResult> {
	const before = await lastExecutionId(home);
	const cli = await n8nCli(home, ['execute', `--id=${id}`, '--rawOutput'], {
		allowFailure: true,
		timeoutMs: options.timeoutMs,
	});
	const executions = await readExecutions(home, { workflowId: id, afterId: before });
	if (executions.length !== 1)
		throw new Error(
			`expected one new execution of ${id}, found ${executions.length}\n--- stdout\n${cli.stdout.slice(-4000)}\n--- stderr\n${cli.stderr.slice(-4000)}`,
		);
	const [execution] = executions;
	return {
		...cli,
		execution,
		output: (nodeName) => nodeOutput(execution, nodeName),
		error: execution.data?.resultData?.error,
	};
}
