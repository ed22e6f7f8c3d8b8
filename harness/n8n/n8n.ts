/**
 * Drives a real n8n install (see install.ts) with this package loaded as a community package.
 * One concern per file; this file gathers them:
 *   home.ts      names as n8n sees them, the repository root, a fresh N8N_USER_FOLDER with the
 *                built package copied in (createN8nHome), free ports
 *   cli.ts       the n8n CLI: import credentials and workflows, activate/publish
 *   database.ts  reading n8n's SQLite database (queryDb, with programs/sqliteQuery.js run by
 *                n8n's own Node), executions, `n8n execute` and its stored result
 *   server.ts    `n8n start` (or `n8n worker`) until it answers, the owner login, REST calls
 */
export * from './home';
export * from './cli';
export * from './database';
export * from './server';
