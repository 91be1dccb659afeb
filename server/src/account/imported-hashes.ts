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
import { createHash, pbkdf2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { checkArgon2, checkBcrypt, checkPbkdf2, checkScrypt, refuse } from './import-ceilings.js';

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
  /**
   * A check of microseconds (one salted SHA digest): every try makes one of each such scheme, wherever it is made,
   * so these classes take no place among a cobrand's (legacy-pad.ts).
   */
  cheap: boolean;
  /** The hash as the account stores it. */
  stored: string;
}

export { HashFormatError, IMPORT_CEILINGS } from './import-ceilings.js';

/** The schemes checked in microseconds, each its own class. */
export const CHEAP_SCHEMES = ['ssha', 'ssha256', 'ssha512'] as const;

/** How many imported hashes this process has checked (a try's own and the equal-work ones): tests count it. */
const work = { checks: 0 };
export const importedHashWork = (): Readonly<typeof work> => ({ ...work });

const SSHA = { '{SSHA}': ['sha1', 20], '{SSHA256}': ['sha256', 32], '{SSHA512}': ['sha512', 64] } as const;
type SshaTag = keyof typeof SSHA;
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const LDAP_PBKDF2 = /^\{PBKDF2-SHA256\}(\d{1,8})\$([./A-Za-z0-9]+)\$([./A-Za-z0-9]+)$/;

/** An LDAP tag's scheme when the text starts with one (case as LDAP writes it: upper). */
const sshaTag = (text: string): SshaTag | undefined =>
  (Object.keys(SSHA) as SshaTag[]).find((tag) => text.startsWith(tag));

/** OpenLDAP's pw-pbkdf2 writes base64 with `.` for `+` and no padding. */
const adaptedBase64 = (text: string): Buffer => Buffer.from(text.replace(/\./g, '+'), 'base64');

/** One hash of each microsecond scheme, of a random password: what a try checks for those its account has not. */
export function cheapSamples(): Record<string, string> {
  const password = randomBytes(16).toString('base64url');
  const sample = (tag: SshaTag) => {
    const salt = randomBytes(8);
    const digest = createHash(SSHA[tag][0]).update(password).update(salt).digest();
    return `${tag}${Buffer.concat([digest, salt]).toString('base64')}`;
  };
  return { ssha: sample('{SSHA}'), ssha256: sample('{SSHA256}'), ssha512: sample('{SSHA512}') };
}

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
  return { scheme, costClass: scheme, cheap: true, stored: text };
}

function parseLdapPbkdf2(text: string): ParsedHash {
  const match = LDAP_PBKDF2.exec(text);
  if (!match) return refuse('{PBKDF2-SHA256} must be {PBKDF2-SHA256}<iterations>$<salt>$<hash>');
  const iterations = Number(match[1]);
  if (adaptedBase64(match[3]!).length !== 32) refuse('{PBKDF2-SHA256} must hold a 32-byte hash');
  checkPbkdf2('sha256', iterations, 32);
  return { scheme: 'ldap-pbkdf2-sha256', costClass: `pbkdf2-sha256:i=${iterations}`, cheap: false, stored: text };
}

function parseBcrypt(text: string): ParsedHash {
  const match = BCRYPT.exec(text);
  if (!match) return refuse('a bcrypt hash must be $2a$, $2b$ or $2y$, two cost digits, and 53 characters');
  const cost = Number(match[1]);
  checkBcrypt(cost);
  return { scheme: 'bcrypt', costClass: `bcrypt:${cost}`, cheap: false, stored: text };
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
    checkArgon2(m, t, p);
    return { scheme: phc.id, costClass: `${phc.id}:m=${m},t=${t},p=${p}`, cheap: false, stored: text };
  }
  if (phc.id === 'scrypt') {
    const [ln, r, p] = [number('ln'), number('r'), number('p')];
    checkScrypt(ln, r, p);
    return { scheme: 'scrypt', costClass: `scrypt:ln=${ln},r=${r},p=${p}`, cheap: false, stored: text };
  }
  if (phc.id === 'pbkdf2-sha256' || phc.id === 'pbkdf2-sha512') {
    const iterations = number('i');
    checkPbkdf2(phc.id === 'pbkdf2-sha256' ? 'sha256' : 'sha512', iterations, phc.hash!.length);
    return { scheme: phc.id, costClass: `${phc.id}:i=${iterations}`, cheap: false, stored: text };
  }
  return refuse(
    `PHC scheme "${phc.id}" is not supported (argon2id, argon2i, argon2d, scrypt, pbkdf2-sha256, pbkdf2-sha512)`,
  );
}

/**
 * A stored hash as the sign-in checks it, or null for one it cannot read or that is above today's ceilings (stored
 * before them): such a hash is never checked (docs/decisions.md, "Imported password hashes").
 */
export function importedHashOf(stored: string): ParsedHash | null {
  try {
    return parsePasswordHash(stored);
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
  work.checks += 1;
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
