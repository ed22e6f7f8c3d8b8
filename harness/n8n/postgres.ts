/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it runs Postgres, Redis and n8n with child_process and fs, and reports plain Errors */
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type N8nInstall } from './install';
import { REPO_ROOT, freePort } from './n8n';
import { removeFolder, run } from './processes';

/** The folder of initdb/pg_ctl/createdb: OUTREACH_E2E_PG_BIN, the newest Debian one, or '' (PATH). */
function postgresBinDir(): string {
	if (process.env.OUTREACH_E2E_PG_BIN) return process.env.OUTREACH_E2E_PG_BIN;
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return '';
	const versions = readdirSync(root)
		.filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? join(root, versions[0], 'bin') : '';
}

/** As root, runs through `runuser -u postgres --` (Postgres refuses root); otherwise as we are. */
async function dbUserCommand(bin: string, args: string[]): Promise<[string, string[]]> {
	if (process.getuid?.() !== 0) return [bin, args];
	return ['runuser', ['-u', 'postgres', '--', bin, ...args]];
}

async function postgresOwner(): Promise<{ uid: number; gid: number } | undefined> {
	if (process.getuid?.() !== 0) return undefined;
	const uid = await run('id', ['-u', 'postgres'], { allowFailure: true });
	const gid = await run('id', ['-g', 'postgres'], { allowFailure: true });
	if (uid.code !== 0 || gid.code !== 0)
		throw new Error(
			'running as root, and there is no "postgres" user to run Postgres as (install Debian\'s postgresql)',
		);
	return { uid: Number(uid.output.trim()), gid: Number(gid.output.trim()) };
}

export interface PostgresServer {
	host: string;
	port: number;
	user: string;
	password: string;
	database: string;
	/** The temporary folder: `data/`, `postgres.log`, the Unix socket. */
	dir: string;
	/** DB_* variables that point n8n at this database. */
	n8nEnv: NodeJS.ProcessEnv;
	/** `pg_ctl stop -m fast`, then removes the folder (unless OUTREACH_E2E_KEEP=1). */
	stop(): Promise<void>;
}

/** initdb into a temporary folder, `pg_ctl start` on a free loopback port, `createdb n8n`. */
export async function startPostgres(): Promise<PostgresServer> {
	const bin = postgresBinDir();
	const tool = (name: string) => (bin ? join(bin, name) : name);
	const owner = await postgresOwner();
	const dir = mkdtempSync(join(tmpdir(), 'outreach-e2e-pg-'));
	const dataDir = join(dir, 'data');
	const logFile = join(dir, 'postgres.log');
	const env = { PATH: process.env.PATH, LANG: 'C.UTF-8', TZ: 'UTC' };
	let started = false;
	const stop = async () => {
		if (started) {
			const [cmd, args] = await dbUserCommand(tool('pg_ctl'), [
				'-D',
				dataDir,
				'-m',
				'fast',
				'-w',
				'-t',
				'30',
				'stop',
			]);
			const result = await run(cmd, args, { env, cwd: dir, allowFailure: true });
			if (result.code !== 0) killPostmaster(dataDir);
			started = false;
		}
		removeFolder(dir);
	};
	try {
		if (owner) chownSync(dir, owner.uid, owner.gid);
		const initdb = await dbUserCommand(tool('initdb'), [
			'-D',
			dataDir,
			'-U',
			'postgres',
			'-A',
			'trust',
			'-E',
			'UTF8',
			'--locale=C',
			'--no-sync',
		]);
		await run(initdb[0], initdb[1], { env, cwd: dir, timeoutMs: 120_000 });
		const port = await freePort();
		// pg_ctl passes -o through a shell: the folder (mkdtemp under tmpdir) has no spaces.
		const serverOptions = [
			`-p ${port}`,
			`-k ${dir}`,
			'-c listen_addresses=127.0.0.1',
			'-c fsync=off',
			'-c synchronous_commit=off',
			'-c full_page_writes=off',
			'-c max_connections=200',
		].join(' ');
		const pgCtl = await dbUserCommand(tool('pg_ctl'), [
			'-D',
			dataDir,
			'-l',
			logFile,
			'-o',
			serverOptions,
			'-w',
			'-t',
			'60',
			'start',
		]);
		started = true;
		const start = await run(pgCtl[0], pgCtl[1], {
			env,
			cwd: dir,
			timeoutMs: 90_000,
			allowFailure: true,
		});
		if (start.code !== 0) {
			const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
			throw new Error(`pg_ctl start failed:\n${start.output}\n--- postgres.log\n${log}`);
		}
		await run(tool('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'], {
			env,
			cwd: dir,
		});
		const server: PostgresServer = {
			host: '127.0.0.1',
			port,
			user: 'postgres',
			// Trust authentication on loopback: any password is accepted. Not a secret.
			password: 'dummy-e2e-password',
			database: 'n8n',
			dir,
			n8nEnv: {},
			stop,
		};
		server.n8nEnv = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: server.host,
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: server.database,
			DB_POSTGRESDB_USER: server.user,
			DB_POSTGRESDB_PASSWORD: server.password,
		};
		return server;
	} catch (error) {
		await stop().catch(() => undefined);
		throw error;
	}
}

/** Last resort when pg_ctl stop failed: SIGKILL the postmaster named in postmaster.pid. */
function killPostmaster(dataDir: string): void {
	try {
		const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
		if (pid > 0) process.kill(pid, 'SIGKILL');
	} catch {
		// Not running (or already gone).
	}
}

/**
 * Rows of a query on `pg`, run with the `pg` module of n8n's install (and its Node): `$1`
 * placeholders. Columns named in `parseFlatted` are parsed from n8n's `flatted` format.
 */
export async function queryPostgres<T = Record<string, unknown>>(
	install: N8nInstall,
	pg: PostgresServer,
	sql: string,
	params: unknown[] = [],
	options: { parseFlatted?: string[] } = {},
): Promise<T[]> {
	const script = join(REPO_ROOT, 'harness', 'n8n', 'programs', 'postgresQuery.js');
	const job = {
		connection: {
			host: pg.host,
			port: pg.port,
			user: pg.user,
			password: pg.password,
			database: pg.database,
		},
		sql,
		params,
		parseFlatted: options.parseFlatted ?? [],
	};
	const result = await run(install.nodeBin, [script], {
		env: { PATH: install.path, E2E_INSTALL_DIR: install.dir, E2E_QUERY: JSON.stringify(job) },
		allowFailure: true,
		timeoutMs: 60_000,
	});
	if (result.code !== 0) throw new Error(`query failed (${result.code}): ${result.output}\n${sql}`);
	return JSON.parse(result.stdout) as T[];
}

// ---------------------------------------------------------------------------------------------
// Redis
