/**
 * Figure 14: how many users a second `users import` writes, on SQLite and on PostgreSQL, from one file of users with
 * the old directory's hashes (bench/lib/import-users.ts). Lines are written in batches, each in one transaction with
 * its audit events (server/src/account/import-batch.ts); the goal is at least 5,000 users a second on either database.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../lib/servers.mjs';
import { round } from '../lib/stats.mjs';

const SCRIPT = join(root, 'bench/lib/import-users.ts');
const GOAL = 5_000;
const n = (x) => Math.round(x).toLocaleString('en-US');
const NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export function importUsersFigure({ users, runs, postgresUrl }) {
  const results = Array.from({ length: runs }, () =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', SCRIPT, String(users), postgresUrl ?? 'none'], {
        cwd: join(root, 'bench'),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ),
  );
  const databases = ['sqlite', 'postgres'].filter((name) => results[0][name]);
  const rates = Object.fromEntries(
    databases.map((name) => [name, results.map((result) => result[name].accounts / result[name].seconds)]),
  );
  const slowest = Object.fromEntries(databases.map((name) => [name, Math.min(...rates[name])]));
  const rows = databases.flatMap((name) =>
    results.map((result, run) => [
      NAMES[name],
      run + 1,
      n(result[name].accounts),
      round(result[name].seconds, 2),
      n(result[name].accounts / result[name].seconds),
      result[name].printed,
    ]),
  );
  return {
    id: 14,
    title: `Users import: ${n(users)} users with old hashes, SQLite and PostgreSQL`,
    goal: `at least ${n(GOAL)} users a second on either database`,
    result: databases
      .map((name) => `${NAMES[name]} ${n(slowest[name])} users a second (the slowest of ${runs} runs)`)
      .concat(databases.includes('postgres') ? [] : ['PostgreSQL not measured (no URL)'])
      .join('; '),
    met: databases.length === 2 && databases.every((name) => slowest[name] >= GOAL),
    table: {
      head: ['database', 'run', 'accounts written', 'seconds', 'users a second', 'what the command printed last'],
      rows,
    },
    notes: [
      `A batch of lines is one transaction: one statement asks whether its user IDs are taken, each cost class of imported hashes is taken once an import, and its accounts, their \`account.added\` audit events and what the SIEM is sent of them are written in one statement each (docs/decisions.md, "Users import in batches").`,
    ],
    method: [
      `\`bench/lib/import-users.ts\`, ${runs} runs, each a new process: for each database, a new one migrated by the service with the catalogue imported (\`cobrands import\`), then \`users import --file\` of ${n(users)} lines through the command line's own COMMANDS table, timed from the call to its answer. The lines: a third each {SSHA}, bcrypt (cost 5) and argon2id hashes, made once before (an import parses hashes and never computes one), spread over every cobrand of the catalogue, each user with a name and an address in mixed case. PostgreSQL: ${postgresUrl ?? 'none'}, a schema of its own, dropped afterwards. SQLite: a file in a new data folder, with the service's settings.`,
      `Goal check: the slowest run's users a second, on each database, at least ${n(GOAL)}.`,
    ],
    data: { results, slowest },
  };
}
