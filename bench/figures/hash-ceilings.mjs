/**
 * Figure 11: what the import ceilings of password hashes let in (docs/decisions.md, "Imported password hashes"): the
 * time of one check of a hash at each ceiling, and of one a step above, beside the portal's own argon2id verify, in
 * interleaved rounds in one process (bench/lib/hash-ceilings.ts); and each check's resident-memory growth, each in a
 * fresh process. A try on a cobrand's page makes one argon2id verify and one check of each of the cobrand's cost
 * classes (at most four), so the ceilings bound any try at 1 + 4 x 2 argon2id verifies.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../lib/servers.mjs';
import { median, round } from '../lib/stats.mjs';

const SCRIPT = join(root, 'bench/lib/hash-ceilings.ts');
/** The ceiling: about twice the portal's argon2id verify, in time and in memory. */
const GOAL = 2;
const run = (args) =>
  JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', SCRIPT, ...args], {
      cwd: join(root, 'bench'),
      encoding: 'utf8',
      maxBuffer: 2 ** 24,
    }),
  );
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export function hashCeilingsFigure({ rounds }) {
  const { portal, cases } = run([String(rounds)]);
  const baseMs = cases.find((c) => c.name === portal).ms;
  const base = median(baseMs);
  // Each round's check beside the same round's argon2id: a ratio that holds while the machine's load comes and goes.
  const ratio = (c) => median(c.ms.map((ms, i) => ms / baseMs[i]));
  const memory = Object.fromEntries(cases.map((c) => [c.name, run(['--memory', c.name]).rssGrowth]));
  const rows = cases.map((c) => {
    const ms = median(c.ms);
    const kind = c.atCeiling === null ? 'the portal' : c.atCeiling ? 'at the ceiling' : 'a step above (refused)';
    return [c.name, kind, `${round(ms, 1)} ms`, `${round(ratio(c), 2)}x`, mib(memory[c.name])];
  });
  const atCeiling = cases.filter((c) => c.atCeiling);
  const worst = Math.max(...atCeiling.map(ratio));
  return {
    id: 11,
    title: "Imported password hashes at the import ceilings beside the portal's argon2id verify",
    goal: `every hash at a ceiling checks in at most ${GOAL}x the portal's argon2id verify (time; memory follows from the parameters)`,
    result: `the dearest at a ceiling takes ${round(worst, 2)}x the portal's argon2id verify (${round(base, 1)} ms median)`,
    met: worst <= GOAL,
    table: {
      head: ['hash', 'where', 'median check', 'vs argon2id (median of the rounds)', 'RSS growth of one check'],
      rows,
    },
    notes: [
      "A try on a cobrand's page makes one argon2id verify and one check of each of the cobrand's cost classes (at most four), so no try costs more than 1 + 4 x 2 argon2id verifies whatever is imported; another cobrand's imports cost it nothing.",
      "Memory of a check by its parameters: scrypt 128 x N x r bytes (8 MiB at the work ceiling; at most 38 MiB), argon2 m KiB (at most 38 MiB), bcrypt and pbkdf2 a few KiB. The issue's hostile scrypt (ln=17, r=32, p=16) would take 512 MiB and about a minute a check; it is refused.",
    ],
    method: [
      `\`node --import tsx bench/lib/hash-ceilings.ts ${rounds}\`: one hash of each case made with the service's libraries, each checked once untimed, then ${rounds} rounds in which every case is checked once, in turn, with a wrong password; the median of each, and the median over the rounds of its time over the same round's argon2id verify.`,
      "A case at a ceiling is checked with the service's own `verifyImportedHash` (server/src/account/imported-hashes.ts), which parses it against the ceilings first; a step above, with the library call the service would make (bcryptjs, node:crypto scrypt), since the service refuses it.",
      'RSS growth: `--memory <case>` in a fresh process, the highest resident memory sampled every millisecond during one check, less the resident memory before it.',
    ],
  };
}
