/* eslint-disable @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: plain Errors are rethrown after cleanup */
/**
 * One call to get a real n8n with this package loaded, a sandbox of the service beside it and a
 * credential pointing at the sandbox: for the e2e suite, a browser UI test or a dev session.
 *
 *   const env = await startN8nWithSandbox({ target: N8N_TARGETS['2.x'] });
 *   // env.server.baseUrl  -> http://127.0.0.1:<port> (editor + REST), owner set up
 *   // env.rest            -> logged-in REST client (env.rest.cookie for a browser context)
 *   // env.credential      -> { id, name } of the imported "Outreach Contact API" credential
 *   // env.sandbox         -> the running sandbox (store, stats, settings)
 *   await env.close();     // stops n8n, the sandbox (if it started it) and removes the user folder
 *
 * `prepareN8n` does the same without `n8n start` (for CLI-only work).
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { installN8n, type N8nInstall, type N8nTarget } from './install';
import {
	activateWorkflow,
	createN8nHome,
	importCredential,
	importWorkflows,
	setupOwner,
	startN8n,
	type N8nHome,
	type N8nServer,
	type RestClient,
	type WorkflowJson,
} from './n8n';
import type { CredentialRef } from './workflows';

/** The API key the e2e sandboxes accept. Not a secret: a fixed test value. */
export const SANDBOX_DUMMY_KEY = 'dummy-sandbox-key';

export const SANDBOX_CREDENTIAL: CredentialRef = {
	id: 'e2eSandboxCred01',
	name: 'Outreach Sandbox',
};

export interface PreparedN8n {
	install: N8nInstall;
	sandbox: Sandbox;
	home: N8nHome;
	credential: CredentialRef;
	/** Stops the sandbox if this call started it, and removes the user folder. */
	close(): Promise<void>;
}

export interface PrepareOptions {
	target: N8nTarget;
	/** Use this running sandbox instead of starting one. */
	sandbox?: Sandbox;
	/** Options for the sandbox started here (host is always 127.0.0.1, port 0 unless given). */
	sandboxOptions?: SandboxOptions;
	/** Label in the temporary folder's name. */
	label?: string;
	/** Workflows to import (one CLI call). */
	workflows?: WorkflowJson[];
	/** Ids of imported workflows to activate (publish on 2.x) before n8n starts. */
	activate?: string[];
	/** Extra environment for n8n. */
	env?: NodeJS.ProcessEnv;
	/** A lasting user folder and a fixed port (for `npm run dev`); see `createN8nHome`. */
	userFolder?: string;
	port?: number;
}

/** Install (cached), sandbox, fresh user folder with the package, credential and workflows imported. */
export async function prepareN8n(options: PrepareOptions): Promise<PreparedN8n> {
	const install = await installN8n(options.target);
	const sandbox =
		options.sandbox ??
		(await startSandbox({
			apiKey: SANDBOX_DUMMY_KEY,
			...options.sandboxOptions,
			host: '127.0.0.1',
		}));
	const home = await createN8nHome(install, {
		label: options.label,
		env: options.env,
		userFolder: options.userFolder,
		port: options.port,
	});
	try {
		await importCredential(home, {
			...SANDBOX_CREDENTIAL,
			data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
		});
		if (options.workflows?.length) await importWorkflows(home, options.workflows);
		for (const id of options.activate ?? []) await activateWorkflow(home, id);
	} catch (error) {
		if (!options.sandbox) await sandbox.close();
		home.remove();
		throw error;
	}
	return {
		install,
		sandbox,
		home,
		credential: SANDBOX_CREDENTIAL,
		async close() {
			if (!options.sandbox) await sandbox.close();
			home.remove();
		},
	};
}

export interface RunningN8n extends PreparedN8n {
	server: N8nServer;
	/** Logged in as the owner (created on first start). */
	rest: RestClient;
}

/** `prepareN8n`, then `n8n start` and the owner set up. */
export async function startN8nWithSandbox(options: PrepareOptions): Promise<RunningN8n> {
	const prepared = await prepareN8n(options);
	let server: N8nServer | undefined;
	try {
		server = await startN8n(prepared.home);
		const rest = await setupOwner(server);
		const running = server;
		return {
			...prepared,
			server,
			rest,
			async close() {
				await running.stop();
				await prepared.close();
			},
		};
	} catch (error) {
		await server?.stop();
		await prepared.close();
		throw error;
	}
}
