// Runs under n8n's own Node with its install's sqlite3 (see queryDb in harness/n8n/database.ts):
// one read-only query on n8n's SQLite database, the rows on stdout as JSON; the columns named in
// E2E_QUERY.parseFlatted are parsed from n8n's `flatted` format.
const { join } = require('node:path');
const dir = process.env.E2E_INSTALL_DIR;
const sqlite3 = require(join(dir, 'node_modules', 'sqlite3'));
const flatted = require(require.resolve('flatted', { paths: [join(dir, 'node_modules', 'n8n')] }));
const job = JSON.parse(process.env.E2E_QUERY);
const db = new sqlite3.Database(job.db, sqlite3.OPEN_READONLY, (openError) => {
	if (openError) {
		console.error(String(openError));
		process.exit(2);
	}
	db.configure('busyTimeout', 10000);
	db.all(job.sql, job.params, (error, rows) => {
		if (error) {
			console.error(String(error));
			process.exit(3);
		}
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
		db.close();
	});
});
