/**
 * The import ceilings at their edges (docs/decisions.md, "Imported password hashes"): the dearest hash of each scheme
 * is accepted and one step above is refused, naming the field and the limit, so that no accepted check takes more
 * than 38 MiB (twice the portal's argon2id memory), the bound docs/decisions.md gives for the hash queue.
 */
import { serialize } from '@phc/format';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PARAMS } from '../security/passwords.js';
import { IMPORT_CEILINGS, parsePasswordHash } from './imported-hashes.js';

const phc = (id: string, params: Record<string, number>, hashBytes = 32) =>
  serialize({
    id,
    params,
    ...(id.startsWith('argon2') ? { version: 19 } : {}),
    salt: randomBytes(16),
    hash: randomBytes(hashBytes),
  });
const bcrypt = (cost: number) => `$2b$${String(cost).padStart(2, '0')}$${'a'.repeat(53)}`;
const MEMORY_BOUND = 2 * PARAMS.memoryCost * 1024;

/** The memory one check of a parsed hash takes, by its parameters. */
function memoryOf(text: string): number {
  const params = Object.fromEntries(
    [...text.matchAll(/(ln|r|p|m)=(\d+)/g)].map(([, name, value]) => [name!, Number(value)]),
  ) as Record<string, number>;
  if (text.startsWith('$scrypt$')) return 128 * 2 ** params.ln! * params.r!;
  if (text.startsWith('$argon2')) return params.m! * 1024;
  return 0;
}

describe('import ceilings', () => {
  const edges: [string, string, RegExp][] = [
    [bcrypt(IMPORT_CEILINGS.bcryptCost), bcrypt(IMPORT_CEILINGS.bcryptCost + 1), /bcrypt cost is 8, .*at most 7,/],
    [
      phc('scrypt', { ln: 13, r: 8, p: 1 }),
      phc('scrypt', { ln: 13, r: 8, p: 2 }),
      /scrypt work .* is 131,072, .*at most 65,536,/,
    ],
    [
      phc('scrypt', { ln: 10, r: 8, p: 8 }),
      phc('scrypt', { ln: 10, r: 8, p: 9 }),
      /scrypt work .* is 73,728, .*at most 65,536,/,
    ],
    [
      phc('scrypt', { ln: 16, r: 1, p: 1 }),
      phc('scrypt', { ln: 19, r: 1, p: 1 }),
      /scrypt memory .* is 64 MiB, .*at most 38 MiB, twice/,
    ],
    [
      phc('pbkdf2-sha256', { i: 60_000 }),
      phc('pbkdf2-sha256', { i: 60_001 }),
      /iterations is 60,001, .*at most 60,000,/,
    ],
    [phc('pbkdf2-sha512', { i: 32_000 }, 64), phc('pbkdf2-sha512', { i: 32_001 }, 64), /at most 32,000,/],
    [
      phc('pbkdf2-sha256', { i: 1 }, 32),
      phc('pbkdf2-sha256', { i: 1 }, 33),
      /hash length \(bytes\) is 33, .*at most 32,/,
    ],
    [
      phc('argon2id', { m: 38_912, t: 1, p: 1 }),
      phc('argon2id', { m: 38_913, t: 1, p: 1 }),
      /argon2 m \(KiB\) is 38,913, .*at most 38,912, twice the portal's argon2id memory/,
    ],
    [
      phc('argon2id', { m: 19_456, t: 3, p: 1 }),
      phc('argon2id', { m: 19_457, t: 3, p: 1 }),
      /argon2 m x t .* is 58,371, .*at most 58,368,/,
    ],
  ];

  it.each(edges)(
    'accepts %s within the memory bound, and refuses one step above naming passwordHash and the limit',
    (dearest, above, said) => {
      expect(memoryOf(parsePasswordHash(dearest).stored)).toBeLessThanOrEqual(MEMORY_BOUND);
      expect(() => parsePasswordHash(above)).toThrow(/^passwordHash: /);
      expect(() => parsePasswordHash(above)).toThrow(said);
    },
  );

  it("refuses the issue's hostile scrypt by its memory, before its minute of work", () => {
    expect(() => parsePasswordHash(phc('scrypt', { ln: 17, r: 32, p: 16 }))).toThrow(
      "passwordHash: scrypt memory (128 x N x r bytes) is 512 MiB, above the import ceiling (at most 38 MiB, twice the portal's argon2id memory)",
    );
  });
});
