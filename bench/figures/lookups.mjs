/**
 * Figure 12: does a user lookup of the admin API or SCIM cost more with a million users than with a thousand? Each
 * lookup on both sizes, on SQLite and on PostgreSQL, in one process (bench/lib/lookups.ts): the median time of a call
 * on each, and their ratio. Every filter is indexed, lists page by key, and SCIM's totals come from kept counts
 * (docs/decisions.md, "Every user lookup indexed"); the goal is a ratio of at most 3 for each.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../lib/servers.mjs';
import { median, round } from '../lib/stats.mjs';

const SCRIPT = join(root, 'bench/lib/lookups.ts');
const GOAL = 3;
const n = (x) => x.toLocaleString('en-US');

export function lookupsFigure({ small, large, rounds, postgresUrl }) {
  const result = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', SCRIPT, String(small), String(large), String(rounds), postgresUrl ?? 'none'],
      { cwd: join(root, 'bench'), encoding: 'utf8', maxBuffer: 2 ** 26, stdio: ['ignore', 'pipe', 'inherit'] },
    ),
  );
  const databases = ['sqlite', 'postgres'].filter((name) => result[name]);
  const rows = [];
  const ratios = [];
  for (const name of databases) {
    for (const lookup of result[name].lookups) {
      const [a, b] = lookup.ms.map(median);
      const ratio = b / a;
      if (!lookup.once) ratios.push({ database: name, name: lookup.name, ratio });
      rows.push([
        name === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        lookup.name,
        lookup.page,
        round(a, 2),
        round(b, 2),
        round(ratio, 2),
        lookup.once
          ? `99 % of its waits at most ${round(lookup.heldP99Ms[1], 1)}, the highest ${round(lookup.stallMs[1][0], 1)}`
          : `${round(median(lookup.stallMs[1]), 1)} (${round(Math.max(...lookup.stallMs[1]), 1)})`,
      ]);
    }
  }
  const worst = ratios.reduce((w, r) => (r.ratio > w.ratio ? r : w), ratios[0]);
  const byDatabase = databases.map((name) => {
    const own = ratios.filter((r) => r.database === name).map((r) => r.ratio);
    return `${name === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${round(Math.min(...own), 2)}x to ${round(Math.max(...own), 2)}x`;
  });
  const fill = (name) =>
    `${name === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${round(result[name].fillSeconds[0], 1)} s and ${round(result[name].fillSeconds[1], 1)} s`;
  return {
    id: 12,
    title: `User lookups of the admin API and SCIM with ${n(small)} vs ${n(large)} users, SQLite and PostgreSQL`,
    goal: `each lookup with ${n(large)} users within ${GOAL}x its time with ${n(small)}`,
    result: `ratios ${byDatabase.join('; ')}; the highest ${round(worst.ratio, 2)}x (${worst.database}, ${worst.name})${databases.includes('postgres') ? '' : '; PostgreSQL not measured (no URL)'}`,
    met: databases.length === 2 && ratios.every((r) => r.ratio <= GOAL),
    table: {
      head: [
        'database',
        'lookup',
        'users a call answers',
        `${n(small)} users, ms (median)`,
        `${n(large)} users, ms (median)`,
        'ratio',
        `${n(large)} users: the longest the service's thread was held at once in a call, ms: median of the calls (highest)`,
      ],
      rows,
    },
    notes: [
      'The jump 90 % into a SCIM listing no page before it was read of walks every user before it by key, 500 to a statement on SQLite and 10,000 on PostgreSQL, the service let go between statements: it is timed once, its first call, and has no goal; the last column shows how long the event loop waited during it, for 99 % of its waits and at the longest. Reading page after page, as Okta and Entra ID do, never walks them (the row "the page 90 % in after the one before it").',
      "A call's time grows with the users it answers (SCIM's mapping of each user above all), so each lookup asks both databases for as many users as the smaller one finds, up to a page (the admin API's 50, SCIM's 100): the third column.",
    ],
    method: [
      `\`bench/lib/lookups.ts\` in one process: for each database, two databases migrated by the service and filled by the database itself with one statement per 250,000 users (\`bench/lib/lookup-users.ts\`: a recursive CTE on SQLite, generate_series on PostgreSQL): 23 cobrands, 1 % locked, 2 % inactive (a quarter of them deleted by provisioning), 10 % token users, every address in mixed case, user ID order unlike insertion order. The fills took ${databases.map(fill).join('; ')} (${n(small)} and ${n(large)} users, every index and the kept counts written as they went); PostgreSQL's were then VACUUM ANALYZEd. PostgreSQL: ${postgresUrl ?? 'none'}, one schema per database, dropped afterwards.`,
      `The longest the service's thread was held at once in a call: Node's \`monitorEventLoopDelay\` (1 ms resolution), a monitor for each timed call on the database of ${n(large)} users, its highest delay; the median over the calls, and the highest of all (which also holds what else paused the process meanwhile: a garbage collection, or the machine's other work taking the core). On SQLite the queries run on the thread; on PostgreSQL only the service's own work between them does.`,
      `Each database gets the service's own admin listener (\`buildAdminApp\`: the key check, throttle, the per-call audit event, the operator's services, SCIM), called through Fastify's \`inject\`: a time is all the service does for the call, without a network, and on SQLite all of it holds the service's thread. Two keys: one of every cobrand, one of lookup05 alone. The admin API's pages are of 50, SCIM's of 100; the address, externalId and userName looked up are of a user in the middle of the table, the address in another case than stored.`,
      `For each lookup: 3 untimed calls on each size, then ${rounds} calls on each, the two sizes alternating call by call (which goes first alternates too); the median of each, and their ratio. "The page 90 % in after the one before it": the page before it is read once, untimed, as a client reading the list page after page would have.`,
      `Goal check: every ratio (${n(large)} / ${n(small)}) at most ${GOAL}, on both databases; the jump timed once is reported without one.`,
    ],
    data: { result, worst },
  };
}
