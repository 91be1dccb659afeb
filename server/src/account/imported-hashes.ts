/**
 * Password hashes brought from the platform's old directory (issue 36): PHC strings (argon2, scrypt, pbkdf2-sha256 and
 * -sha512), bcrypt and LDAP's {SSHA}, {SSHA256}, {SSHA512} and {PBKDF2-SHA256}. An account keeps such a hash as it came
 * until its first right password, which replaces it with today's argon2id. This is the account capability's service
 * for them: the import, and later the admin API and SCIM, parse with `parsePasswordHash`; the password method checks
 * with `verifyImportedHash`.
 */
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { deserialize, type PhcObject } from '@phc/format';
import bcrypt from 'bcryptjs';
import { createHash, pbkdf2, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** A hash the portal can check, and its cost class (scheme and cost parameters): hashes of one class cost the same. */
export interface ParsedHash {
  scheme: string;
  costClass: string;
  /** The hash as the account stores it. */
  stored: string;
}

export class HashFormatError extends Error {}

/**
 * The dearest parameters accepted: above them a hash is refused at import, since every sign-in of the deployment waits
 * as long as the dearest stored hash takes (docs/decisions.md, "Imported password hashes").
 */
export const IMPORT_CEILINGS = { bcryptCost: 12, scryptLogN: 17, pbkdf2Iterations: 1_000_000, argon2MemoryKiB: 65_536 };

const SSHA = { '{SSHA}': ['sha1', 20], '{SSHA256}': ['sha256', 32], '{SSHA512}': ['sha512', 64] } as const;
type SshaTag = keyof typeof SSHA;
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const LDAP_PBKDF2 = /^\{PBKDF2-SHA256\}(\d{1,8})\$([./A-Za-z0-9]+)\$([./A-Za-z0-9]+)$/;

const refuse = (problem: string): never => {
  throw new HashFormatError(problem);
};

/** An LDAP tag's scheme when the text starts with one (case as LDAP writes it: upper). */
const sshaTag = (text: string): SshaTag | undefined =>
  (Object.keys(SSHA) as SshaTag[]).find((tag) => text.startsWith(tag));

/** OpenLDAP's pw-pbkdf2 writes base64 with `.` for `+` and no padding. */
const adaptedBase64 = (text: string): Buffer => Buffer.from(text.replace(/\./g, '+'), 'base64');

/** Validates a hash and names its class; throws HashFormatError with what is wrong. */
export function parsePasswordHash(given: unknown): ParsedHash {
  if (typeof given !== 'string' || !given.trim()) return refuse('passwordHash must be a non-empty string');
  const text = given.trim();
  if (text.length > 1024) return refuse('passwordHash is longer than any supported scheme writes');
  const tag = sshaTag(text);
  if (tag) return parseSsha(text, tag);
  if (text.startsWith('{PBKDF2-SHA256}')) return parseLdapPbkdf2(text);
  if (text.startsWith('$2')) return parseBcrypt(text);
  if (text.startsWith('$')) return parsePhc(text);
  return refuse(
    'passwordHash is not a PHC string, a bcrypt hash, nor one of {SSHA}, {SSHA256}, {SSHA512}, {PBKDF2-SHA256}',
  );
}

function parseSsha(text: string, tag: SshaTag): ParsedHash {
  const raw = Buffer.from(text.slice(tag.length), 'base64');
  if (
    raw.length <= SSHA[tag][1] ||
    raw.toString('base64').replace(/=+$/, '') !== text.slice(tag.length).replace(/=+$/, '')
  )
    refuse(`${tag} must be base64 of the digest followed by a salt`);
  const scheme = tag.slice(1, -1).toLowerCase();
  return { scheme, costClass: scheme, stored: text };
}

function parseLdapPbkdf2(text: string): ParsedHash {
  const match = LDAP_PBKDF2.exec(text);
  if (!match) return refuse('{PBKDF2-SHA256} must be {PBKDF2-SHA256}<iterations>$<salt>$<hash>');
  const iterations = Number(match[1]);
  checkIterations(iterations);
  if (adaptedBase64(match[3]!).length !== 32) refuse('{PBKDF2-SHA256} must hold a 32-byte hash');
  return { scheme: 'ldap-pbkdf2-sha256', costClass: `pbkdf2-sha256:i=${iterations}`, stored: text };
}

function parseBcrypt(text: string): ParsedHash {
  const match = BCRYPT.exec(text);
  if (!match) return refuse('a bcrypt hash must be $2a$, $2b$ or $2y$, two cost digits, and 53 characters');
  const cost = Number(match[1]);
  if (cost < 4 || cost > IMPORT_CEILINGS.bcryptCost) refuse(`bcrypt cost must be 4 to ${IMPORT_CEILINGS.bcryptCost}`);
  return { scheme: 'bcrypt', costClass: `bcrypt:${cost}`, stored: text };
}

function parsePhc(text: string): ParsedHash {
  let phc: PhcObject;
  try {
    phc = deserialize(text);
  } catch (error) {
    return refuse(`not a valid PHC string (${(error as Error).message})`);
  }
  if (!phc.salt?.length || !phc.hash?.length) refuse('a PHC string must carry a salt and a hash');
  const params = phc.params ?? {};
  const number = (name: string) =>
    Number.isSafeInteger(params[name]) ? (params[name] as number) : refuse(`PHC parameter ${name} is missing`);
  if (/^argon2(id|i|d)$/.test(phc.id)) {
    const [m, t, p] = [number('m'), number('t'), number('p')];
    if (m > IMPORT_CEILINGS.argon2MemoryKiB || t > 10 || p > 8) refuse('argon2 parameters above the import ceiling');
    return { scheme: phc.id, costClass: `${phc.id}:m=${m},t=${t},p=${p}`, stored: text };
  }
  if (phc.id === 'scrypt') {
    const [ln, r, p] = [number('ln'), number('r'), number('p')];
    if (ln < 1 || ln > IMPORT_CEILINGS.scryptLogN || r > 32 || p > 16)
      refuse('scrypt parameters above the import ceiling');
    return { scheme: 'scrypt', costClass: `scrypt:ln=${ln},r=${r},p=${p}`, stored: text };
  }
  if (phc.id === 'pbkdf2-sha256' || phc.id === 'pbkdf2-sha512') {
    const iterations = number('i');
    checkIterations(iterations);
    return { scheme: phc.id, costClass: `${phc.id}:i=${iterations}`, stored: text };
  }
  return refuse(
    `PHC scheme "${phc.id}" is not supported (argon2id, argon2i, argon2d, scrypt, pbkdf2-sha256, pbkdf2-sha512)`,
  );
}

function checkIterations(iterations: number): void {
  if (iterations < 1 || iterations > IMPORT_CEILINGS.pbkdf2Iterations)
    refuse(`pbkdf2 iterations must be 1 to ${IMPORT_CEILINGS.pbkdf2Iterations}`);
}

/** The class of a stored hash, or null for one the portal made itself (today's argon2id) or cannot read. */
export function importedHashClass(stored: string): string | null {
  try {
    return parsePasswordHash(stored).costClass;
  } catch {
    return null;
  }
}

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * Checks a password against an imported hash, with that scheme's own work; false for a wrong password or a hash it
 * cannot read, never throws. The password is in NFC, as the portal's own hashes take it.
 */
export async function verifyImportedHash(stored: string, password: string): Promise<boolean> {
  try {
    return await verifyParsed(parsePasswordHash(stored), password.normalize('NFC'));
  } catch {
    return false;
  }
}

async function verifyParsed(parsed: ParsedHash, password: string): Promise<boolean> {
  const { scheme, stored } = parsed;
  if (scheme === 'bcrypt') return bcrypt.compare(password, stored);
  if (scheme.startsWith('ssha')) {
    const tag = sshaTag(stored)!;
    const [algorithm, size] = SSHA[tag];
    const raw = Buffer.from(stored.slice(tag.length), 'base64');
    const digest = createHash(algorithm).update(password).update(raw.subarray(size)).digest();
    return equal(digest, raw.subarray(0, size));
  }
  if (scheme === 'ldap-pbkdf2-sha256') {
    const [, iterations, salt, hash] = LDAP_PBKDF2.exec(stored)!;
    const expected = adaptedBase64(hash!);
    return equal(await pbkdf2Async(password, adaptedBase64(salt!), Number(iterations), 32, 'sha256'), expected);
  }
  if (scheme.startsWith('argon2')) return verifyArgon2(stored, password);
  const phc = deserialize(stored);
  const params = phc.params as Record<string, number>;
  const expected = phc.hash!;
  if (scheme === 'scrypt') {
    const N = 2 ** params.ln!;
    const options = { N, r: params.r!, p: params.p!, maxmem: 256 * N * params.r! + 1_048_576 };
    return equal(await scryptAsync(password, phc.salt!, expected.length, options), expected);
  }
  const digest = scheme === 'pbkdf2-sha512' ? 'sha512' : 'sha256';
  return equal(await pbkdf2Async(password, phc.salt!, params.i!, expected.length, digest), expected);
}
