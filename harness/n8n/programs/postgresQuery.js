// Runs under n8n's own Node with its install's `pg` (see queryPostgres in harness/n8n/postgres.ts):
// one query, the rows on stdout as JSON; the columns named in E2E_QUERY.parseFlatted are parsed
// from n8n's `flatted` format.
const { join } = require('node:path');
const n8nDir = join(process.env.E2E_INSTALL_DIR, 'node_modules', 'n8n');
const { Client } = require(require.resolve('pg', { paths: [n8nDir] }));
const flatted = require(require.resolve('flatted', { paths: [n8nDir] }));
const job = JSON.parse(process.env.E2E_QUERY);
(async () => {
	const client = new Client(job.connection);
	await client.connect();
	try {
		const { rows } = await client.query(job.sql, job.params);
		for (const row of rows)
			for (const column of job.parseFlatted) {
				if (typeof row[column] === 'string') {
					try {
						row[column] = flatted.parse(row[column]);
					} catch (e) {
						row[column + 'ParseError'] = String(e);
					}
				}
			}
		process.stdout.write(JSON.stringify(rows));
	} finally {
		await client.end();
	}
})().catch((error) => {
	console.error(String((error && error.stack) || error));
	process.exit(3);
});
