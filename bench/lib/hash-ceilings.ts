/**
 * Figure 11's measurement: one hash of each scheme at its import ceiling (server/src/account/import-ceilings.ts), and
 * one a step above, each checked as the service checks it (`verifyImportedHash`), interleaved in rounds with the
 * service's own argon2id verify; each check's resident-memory growth is read in a process of its own.
 *
 * Run: node --import tsx bench/lib/hash-ceilings.ts <rounds>        prints {cases: [{name, atCeiling, ms[]}]} as JSON
 *      node --import tsx bench/lib/hash-ceilings.ts --memory <name> prints {name, rssGrowth} (bytes)
 */
import { hash as argon2 } from '@node-rs/argon2';
import { serialize } from '@phc/format';
import bcrypt from 'bcryptjs';
import { pbkdf2Sync, randomBytes, scrypt, scryptSync } from 'node:crypto';
import { IMPORT_CEILINGS, verifyImportedHash } from '../../server/src/account/index.js';
import { PARAMS, verifySecret } from '../../server/src/security/passwords.js';

const PASSWORD = 'Bench-Ceiling-1';
const WRONG = 'Not-The-Password-1';
const C = IMPORT_CEILINGS;

const phc = (id: string, params: Record<string, number>, hash: Buffer, salt: Buffer) =>
  serialize({ id, params, salt, hash, ...(id.startsWith('argon2') ? { version: 19 } : {}) });
const scryptOf = (ln: number, r: number, p: number) => {
  const salt = randomBytes(16);
  const N = 2 ** ln;
  const hash = scryptSync(PASSWORD, salt, 32, { N, r, p, maxmem: 256 * N * r + 2 ** 20 });
  return phc('scrypt', { ln, r, p }, hash, salt);
};
const pbkdf2Of = (digest: 'sha256' | 'sha512', i: number) => {
  const salt = randomBytes(16);
  return phc(`pbkdf2-${digest}`, { i }, pbkdf2Sync(PASSWORD, salt, i, digest === 'sha256' ? 32 : 64, digest), salt);
};
const argon2Of = (memoryCost: number, timeCost: number) => argon2(PASSWORD, { algorithm: 2, memoryCost, timeCost });

/** A step above a ceiling the service refuses to check: the library's own call, as the service would make it. */
const scryptCheck = (ln: number, r: number, p: number) => {
  const N = 2 ** ln;
  return () =>
    new Promise<void>((done) => scrypt(WRONG, 'salt', 32, { N, r, p, maxmem: 256 * N * r + 2 ** 20 }, () => done()));
};

/**
 * Each case: its name, whether it is at a ceiling (true) or a step above (false), and how to make its hash; a step
 * above has its own check, since the service would refuse it.
 */
const CASES: {
  name: string;
  atCeiling: boolean;
  make: () => string | Promise<string>;
  above?: (made: string) => () => Promise<unknown>;
}[] = [
  { name: `bcrypt cost ${C.bcryptCost}`, atCeiling: true, make: () => bcrypt.hashSync(PASSWORD, C.bcryptCost) },
  {
    name: `bcrypt cost ${C.bcryptCost + 1}`,
    atCeiling: false,
    make: () => bcrypt.hashSync(PASSWORD, C.bcryptCost + 1),
    above: (made) => () => bcrypt.compare(WRONG, made),
  },
  { name: 'scrypt ln=13, r=8, p=1 (N x r x p at the ceiling)', atCeiling: true, make: () => scryptOf(13, 8, 1) },
  { name: 'scrypt ln=14, r=8, p=1', atCeiling: false, make: () => '', above: () => scryptCheck(14, 8, 1) },

  {
    name: `pbkdf2-sha256 i=${C.pbkdf2Sha256Iterations}`,
    atCeiling: true,
    make: () => pbkdf2Of('sha256', C.pbkdf2Sha256Iterations),
  },
  {
    name: `pbkdf2-sha512 i=${C.pbkdf2Sha512Iterations}`,
    atCeiling: true,
    make: () => pbkdf2Of('sha512', C.pbkdf2Sha512Iterations),
  },
  {
    name: `argon2id m=${PARAMS.memoryCost}, t=${C.argon2Work / PARAMS.memoryCost} (m x t at the ceiling)`,
    atCeiling: true,
    make: () => argon2Of(PARAMS.memoryCost, C.argon2Work / PARAMS.memoryCost),
  },
  {
    name: `argon2id m=${C.argon2MemoryKiB}, t=1 (m at the ceiling)`,
    atCeiling: true,
    make: () => argon2Of(C.argon2MemoryKiB, 1),
  },
];
const PORTAL = `the portal's argon2id (m=${PARAMS.memoryCost}, t=${PARAMS.timeCost}, p=${PARAMS.parallelism})`;

const [first, second] = process.argv.slice(2);
if (first === '--memory') {
  const made =
    second === PORTAL
      ? await argon2Of(PARAMS.memoryCost, PARAMS.timeCost)
      : await CASES.find((c) => c.name === second)!.make();
  const above = CASES.find((c) => c.name === second)?.above;
  const check =
    second === PORTAL ? () => verifySecret(made, WRONG) : (above?.(made) ?? (() => verifyImportedHash(made, WRONG)));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let highest = before;
  const sampler = setInterval(() => (highest = Math.max(highest, process.memoryUsage().rss)), 1);
  await check();
  clearInterval(sampler);
  highest = Math.max(highest, process.memoryUsage().rss);
  process.stdout.write(JSON.stringify({ name: second, rssGrowth: highest - before }));
} else {
  const rounds = Number(first) || 10;
  const portalHash = await argon2Of(PARAMS.memoryCost, PARAMS.timeCost);
  const all = [
    { name: PORTAL, atCeiling: null, check: () => verifySecret(portalHash, WRONG), ms: [] as number[] },
    ...(await Promise.all(
      CASES.map(async (c) => {
        const made = await c.make();
        const check = c.above?.(made) ?? (() => verifyImportedHash(made, WRONG));
        return { name: c.name, atCeiling: c.atCeiling, check, ms: [] as number[] };
      }),
    )),
  ];
  for (const c of all) await c.check();
  for (let round = 0; round < rounds; round += 1)
    for (const c of all) {
      const started = performance.now();
      await c.check();
      c.ms.push(performance.now() - started);
    }
  process.stdout.write(
    JSON.stringify({ portal: PORTAL, cases: all.map(({ name, atCeiling, ms }) => ({ name, atCeiling, ms })) }),
  );
}
