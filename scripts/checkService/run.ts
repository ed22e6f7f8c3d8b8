import { redact } from '../../nodes/OutreachContact/transport/redact';
import { KEY_VARIABLE, parseCommandLine, UsageError, USAGE } from './args';
import { probeBurst } from './burst';
import { ServiceClient } from './client';
import type { Probe } from './probe';
import {
	probeGetContact,
	probeLists,
	probeMe,
	probeNotFound,
	probeProfile,
	probeWrongKey,
} from './readProbes';
import { Report } from './report';
import { probeClock, probeCreatedDates, probeOrder, probeSearch } from './searchProbes';
import { probeWrite } from './writeProbes';

/**
 * `npm run check-service`: runs every probe in turn and returns the exit code (0 every answer
 * handled, 1 one not, 2 bad usage). Lines go to `out`, each through the redaction of the key.
 */
export async function runCheckService(
	argv: string[],
	env: NodeJS.ProcessEnv,
	out: (line: string) => void,
): Promise<number> {
	let parsed: ReturnType<typeof parseCommandLine>;
	try {
		parsed = parseCommandLine(argv, env);
	} catch (error) {
		// A command-line tool, not node code: anything but a usage error is a bug, thrown as it is.
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		if (!(error instanceof UsageError)) throw error;
		out(redact(`check-service: ${error.message}`, [env[KEY_VARIABLE]?.trim()]));
		out(USAGE);
		return 2;
	}
	if (parsed === 'help') {
		out(USAGE);
		return 0;
	}
	const options = parsed;
	const report = new Report(out, [options.apiKey]);
	const client = new ServiceClient(options.baseUrl, options.apiKey);
	const probe: Probe = { client, ctx: client.nodeContext(), report, options };
	const modes = [
		'read-only checks',
		options.write && 'one contact added (--write)',
		options.burst && 'a burst until 429 (--burst)',
	];
	report.print(
		`check-service against ${options.baseUrl}: ${modes.filter(Boolean).join(', ')}; the API key from ${KEY_VARIABLE} is never printed.`,
	);
	if (!options.baseUrl.endsWith('/api/v2'))
		report.print(
			'Note: the Base URL does not end in /api/v2, as the API address of the service does.',
		);

	if (await probeMe(probe)) {
		await probeWrongKey(probe);
		const lists = await probeLists(probe);
		await probeProfile(probe);
		const sample = await probeSearch(probe);
		probeOrder(probe, sample);
		probeCreatedDates(probe, sample);
		probeClock(probe, sample);
		const id = Number(sample.contacts.find((c) => c?.id !== undefined)?.id);
		await probeGetContact(probe, Number.isInteger(id) ? id : undefined);
		await probeNotFound(probe);
		if (options.write) await probeWrite(probe, lists);
		if (options.burst) await probeBurst(probe);
	}
	report.print(`${client.sent} requests sent.`);
	report.summary();
	return report.exitCode();
}
