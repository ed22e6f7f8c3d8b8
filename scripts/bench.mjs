#!/usr/bin/env node
/**
 * `npm run bench -- [part ...]`: checks the arguments and prints the help before anything is
 * built; then builds the package and the tools and runs dist-tools/scripts/bench.js.
 */
import { spawnSync } from 'node:child_process';

const USAGE = `Usage: npm run bench -- [part ...]

Runs the nodes on n8n's execution engine against the local sandbox at its real limit of
200 requests per minute, and prints the figures (docs/benchmarks.md explains each).

  a                 one execution adding 500 contacts: instant and 600 ms answers, each
                    with and without Look Up Contact
  b                 Search Return All over 10,000 contacts, instant and 600 ms answers
  trigger (or c)    the New Contact trigger on accounts of 1,000 to 100,000 new contacts a
                    day, page caps 50 and 100, each result order: 24 rows (about 10 minutes);
                    then Contact Snippets Ready and Contact Enriched at 1,000 and 10,000
                    a day: 4 rows each
  oldest            the trigger table's 8 rows with results oldest first (under a
                    minute): the quick check after a change to the ordered read; not in
                    the default run
  import            the New Contact trigger catching up with an import of 1,000 at
                    Requests per Minute 8, 20 and 200, each result order: 9 rows
  d                 100 adds with Wait for Processing, the sandbox processing each for 20 s
  memory            the peak heap of Search Return All over 50,000 enriched contacts,
                    Simplify on and off (n8n-core in a child process); not in the default run
  workers [N ...]   N separate real n8n 2.x processes sharing one key, 300 adds each and
                    1,200 in all at most (default 1 2 4); not in the default run
  --help            this text

No part: a, b, trigger, import and d (about 25 minutes).`;

const PARTS = new Set(['a', 'b', 'c', 'trigger', 'oldest', 'import', 'd', 'memory', 'workers']);
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
	console.log(USAGE);
	process.exit(0);
}
const wrong = args.filter(
	(arg, i) =>
		!PARTS.has(arg) && !(/^[1-9][0-9]*$/.test(arg) && args.slice(0, i).includes('workers')),
);
if (wrong.length > 0) {
	console.error(
		`Unknown argument${wrong.length > 1 ? 's' : ''}: ${wrong.join(' ')} (a number goes after "workers")\n\n${USAGE}`,
	);
	process.exit(2);
}
for (const [command, commandArgs] of [
	['npm', ['run', 'build', '--silent']],
	['npm', ['run', 'build:tools', '--silent']],
	['node', ['dist-tools/scripts/bench.js', ...args]],
]) {
	const run = spawnSync(command, commandArgs, { stdio: 'inherit' });
	if (run.error) throw run.error;
	if (run.status !== 0) process.exit(run.status ?? 1);
}
