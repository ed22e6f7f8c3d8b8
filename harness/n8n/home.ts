/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- e2e test code, not shipped: it drives n8n with child_process and fs and reports plain Errors */
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { N8nInstall } from './install';

import { PACKAGE_NAME } from '../workflowJson';

export { PACKAGE_NAME, OUTREACH_NODE_TYPE, OUTREACH_TRIGGER_TYPE } from '../workflowJson';
import { CREDENTIAL_TYPE } from '../../nodes/OutreachContact/transport/request';

/** The credential's type name: the shipped definition. */
export { CREDENTIAL_TYPE };

/**
 * The repository root (holds package.json and the built dist/): the nearest folder above this
 * file with a package.json, so it is the same whether this runs from source (jest) or compiled
 * into dist-tools/ (npm run dev, npm run demo -- --n8n).
 */
export const REPO_ROOT = findPackageRoot(__dirname);

function findPackageRoot(start: string): string {
	for (let dir = start; ; dir = dirname(dir)) {
		if (existsSync(join(dir, 'package.json'))) return dir;
		if (dirname(dir) === dir) return resolve(start, '..', '..', '..');
	}
}

/** Fixed, so that credentials imported by one command decrypt in the next. Test-only value. */
const ENCRYPTION_PASSPHRASE = 'dummy-e2e-encryption-passphrase-not-secret';

export interface N8nHome {
	install: N8nInstall;
	/** The N8N_USER_FOLDER; n8n keeps its data in `<userFolder>/.n8n`. */
	userFolder: string;
	/** `<userFolder>/.n8n/database.sqlite`. */
	dbPath: string;
	/** HTTP port of `n8n start` (N8N_PORT). */
	port: number;
	/** Environment for every n8n command of this home. */
	env: NodeJS.ProcessEnv;
	/** Deletes the user folder (unless OUTREACH_E2E_KEEP=1). */
	remove(): void;
}

export function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

/** Copies the built package the way n8n finds installed community packages. */
export function installPackageInto(userFolder: string, repoRoot = REPO_ROOT): string {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	mkdirSync(target, { recursive: true });
	cpSync(join(repoRoot, 'package.json'), join(target, 'package.json'));
	cpSync(join(repoRoot, 'dist'), join(target, 'dist'), { recursive: true });
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
		version: string;
	};
	writeFileSync(
		join(userFolder, '.n8n', 'nodes', 'package.json'),
		JSON.stringify(
			{
				name: 'installed-nodes',
				private: true,
				dependencies: { [PACKAGE_NAME]: manifest.version },
			},
			null,
			2,
		),
	);
	return target;
}

export interface N8nHomeOptions {
	label?: string;
	env?: NodeJS.ProcessEnv;
	/** A lasting user folder (e.g. for `npm run dev`): used as it is and never removed. */
	userFolder?: string;
	/** HTTP port of `n8n start`; a free one by default. */
	port?: number;
}

export async function createN8nHome(
	install: N8nInstall,
	options: N8nHomeOptions = {},
): Promise<N8nHome> {
	const lasting = options.userFolder !== undefined;
	const userFolder =
		options.userFolder ??
		mkdtempSync(join(tmpdir(), `outreach-e2e-${options.label ?? install.target.label}-`));
	installPackageInto(userFolder);
	const port = options.port ?? (await freePort());
	const brokerPort = await freePort();
	const env: NodeJS.ProcessEnv = {
		HOME: process.env.HOME,
		PATH: install.path,
		LANG: process.env.LANG ?? 'C.UTF-8',
		TZ: 'UTC',
		TMPDIR: process.env.TMPDIR,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_PASSPHRASE,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		DB_TYPE: 'sqlite',
		N8N_LOG_LEVEL: process.env.OUTREACH_E2E_LOG_LEVEL ?? 'info',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		...options.env,
	};
	for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
	return {
		install,
		userFolder,
		dbPath: join(userFolder, '.n8n', 'database.sqlite'),
		port,
		env,
		remove() {
			if (lasting || process.env.OUTREACH_E2E_KEEP === '1') return;
			rmSync(userFolder, { recursive: true, force: true });
		},
	};
}
