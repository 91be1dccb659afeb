/**
 * How dear an imported password hash may be (docs/decisions.md, "Imported password hashes"). Every password try on a
 * cobrand's page checks one stored hash of each cost class of that cobrand, so one hash's cost is paid by every try
 * there: each is held to at most twice the portal's own argon2id verify, in memory and in time. Memory follows from
 * the parameters; time was measured beside the portal's argon2id, as the ratio within each round on a quiet machine
 * (`npm run bench -- --only=11`, docs/benchmarks.md).
 */
import { PARAMS } from '../security/passwords.js';

export class HashFormatError extends Error {}

export const refuse = (problem: string): never => {
  throw new HashFormatError(problem);
};

const TWICE_MEMORY = "twice the portal's argon2id memory";
const TWICE_TIME = "about twice the portal's argon2id time";

export const IMPORT_CEILINGS = {
  /** argon2 `m`, in KiB: twice the portal's 19,456 (38 MiB). */
  argon2MemoryKiB: 2 * PARAMS.memoryCost,
  /**
   * argon2 `m` x `t`, in KiB-passes: one and a half times the portal's 19,456 x 2, measured 1.4 to 1.5 verifies (its
   * time can grow faster than `m` x `t` once the memory outgrows the caches: twice the portal's took 2.1 to 2.4 on a
   * loaded machine).
   */
  argon2Work: (3 * PARAMS.memoryCost * PARAMS.timeCost) / 2,
  argon2Lanes: 8,
  /** scrypt's memory, 128 x N x r bytes: twice the portal's argon2id memory. */
  scryptMemoryBytes: 2 * PARAMS.memoryCost * 1024,
  /** scrypt's work, N x r x p (ln=13, r=8, p=1): measured 1.95 argon2id verifies on a quiet machine. */
  scryptWork: 65_536,
  /** Measured 1.55 argon2id verifies on a quiet machine. */
  pbkdf2Sha256Iterations: 60_000,
  /** Measured 1.8 argon2id verifies on a quiet machine (SHA-512's rounds are dearer: 40,000 took 2.25). */
  pbkdf2Sha512Iterations: 32_000,
  /** bcryptjs at cost 7: measured 1.1 argon2id verifies on a quiet machine (cost 8: 2.3). */
  bcryptCost: 7,
  /** The cost classes one cobrand's tries pay for, at most (import-classes.ts). */
  classesPerCobrand: 4,
} as const;

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${Math.round((bytes / MIB) * 10) / 10} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

/** Refuses a value above its ceiling, naming the field, what the value is, and the limit. */
function atMost(what: string, given: number, limit: number, why: string, shown = count): void {
  if (given > limit)
    refuse(`passwordHash: ${what} is ${shown(given)}, above the import ceiling (at most ${shown(limit)}, ${why})`);
}

function atLeast(what: string, given: number, least: number): void {
  if (given < least) refuse(`passwordHash: ${what} must be at least ${least}`);
}

export function checkArgon2(m: number, t: number, p: number): void {
  for (const [name, given, least] of [
    ['m', m, 8],
    ['t', t, 1],
    ['p', p, 1],
  ] as const)
    atLeast(`argon2 ${name}`, given, least);
  atMost('argon2 p', p, IMPORT_CEILINGS.argon2Lanes, 'lanes');
  atMost('argon2 m (KiB)', m, IMPORT_CEILINGS.argon2MemoryKiB, TWICE_MEMORY);
  atMost('argon2 m x t (KiB-passes)', m * t, IMPORT_CEILINGS.argon2Work, TWICE_TIME);
}

export function checkScrypt(ln: number, r: number, p: number): void {
  for (const [name, given] of [
    ['ln', ln],
    ['r', r],
    ['p', p],
  ] as const)
    atLeast(`scrypt ${name}`, given, 1);
  // Kept small enough first that the products below stay exact in a double.
  atMost('scrypt ln', ln, 30, TWICE_MEMORY);
  const N = 2 ** ln;
  atMost('scrypt memory (128 x N x r bytes)', 128 * N * r, IMPORT_CEILINGS.scryptMemoryBytes, TWICE_MEMORY, mib);
  atMost('scrypt work (N x r x p)', N * r * p, IMPORT_CEILINGS.scryptWork, TWICE_TIME);
}

export function checkPbkdf2(digest: 'sha256' | 'sha512', iterations: number, hashBytes: number): void {
  atLeast(`pbkdf2-${digest} iterations`, iterations, 1);
  const limit = digest === 'sha256' ? IMPORT_CEILINGS.pbkdf2Sha256Iterations : IMPORT_CEILINGS.pbkdf2Sha512Iterations;
  atMost(`pbkdf2-${digest} iterations`, iterations, limit, TWICE_TIME);
  // Each further block of output costs all the iterations again.
  atMost(`pbkdf2-${digest} hash length (bytes)`, hashBytes, digest === 'sha256' ? 32 : 64, 'one block of the digest');
}

export function checkBcrypt(cost: number): void {
  atLeast('bcrypt cost', cost, 4);
  atMost('bcrypt cost', cost, IMPORT_CEILINGS.bcryptCost, TWICE_TIME);
}
