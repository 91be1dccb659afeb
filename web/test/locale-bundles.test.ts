/**
 * Every locale of §3 has both bundles with every English key and the same placeholders (Ory's parity test), real
 * translations rather than English copies, and stays inside the 10 KB gzip budget per locale.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SUPPORTED_LOCALES, languageTag } from '@portal/contract';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

const i18nDir = fileURLToPath(new URL('../../data/i18n', import.meta.url));
const BUNDLES = ['Messages', 'PortalLabels', 'Console'] as const;
/** The pages' bundles, held to the size budget; the console's (on the admin listener, for staff) is not a page's. */
const PAGE_BUNDLES = ['Messages', 'PortalLabels'] as const;
const read = (locale: string, bundle: string): Record<string, string> =>
  JSON.parse(readFileSync(join(i18nDir, locale, `${bundle}.json`), 'utf8'));

type Ast = ReturnType<IntlMessageFormat['getAst']>;
/** Argument names a message uses (`{0}`, and the `{0, plural, …}` selector), found in the parsed ICU message. */
function argumentsOf(ast: Ast, found = new Set<string>()): Set<string> {
  for (const node of ast as unknown as { type: number; value?: string; options?: Record<string, { value: Ast }> }[]) {
    if (node.value !== undefined && node.type !== 0 && node.type !== 7) found.add(node.value);
    for (const option of Object.values(node.options ?? {})) argumentsOf(option.value, found);
  }
  return found;
}
const placeholders = (source: string, locale: string) =>
  [...argumentsOf(new IntlMessageFormat(source, languageTag(locale)).getAst())].sort();

/** Values that may equal English: nothing but placeholders, or names and codes that are the same in every language. */
const SAME_IN_EVERY_LANGUAGE = /^[\s{}0-9,#]*$|^(PIN|OK|CSV)$/;
/** Reviewed: the English word is also that language's own word ("Portal", Spanish "Error:", Italian "Password"). */
const SAME_WORD_REVIEWED: Record<string, readonly string[]> = {
  'home.cobrand': ['da', 'de', 'es', 'es_ES', 'in', 'no', 'pl', 'pt', 'pt_PT', 'sv', 'tr'],
  'error.prefix': ['es', 'es_ES'],
  'page.title.errorPrefix': ['es', 'es_ES'],
  'signin.password': ['it'],
  // German keeps the English word, as its other passcode texts do ("Nächster Passcode").
  'signin.passcode': ['de'],
  // German's word is the English one ("Passkey", plural "Passkeys"), as in its other passkey texts and its platforms'.
  'security.passkeys.heading': ['de'],
  // Italian too says "passkey" (its security page's heading: "Passkey"), invariable in the plural.
  'security.method.passkey': ['de', 'it'],
};

/** "Above" and "below" as the bundles said them: "The above field is not valid.", "Die Eingabe im obigen Feld…". */
const POSITION_WORDS =
  /\b(above|below)\b|ovenfor|obigen|anterior|yllä|ci-dessus|qui sopra|上記|위 항목|bovenstaande|powyższ|acima|ovan|以上|上述/i;

/**
 * Placeholders a language may leave out: the sign-in heading puts English's label before the name, while the other
 * languages use a whole message of their own around the name (name-in-messages.test.ts).
 */
const MAY_LEAVE_OUT: Record<string, readonly string[]> = { 'signin.heading': ['0'] };
const expected = (key: string, source: string, locale: string) =>
  placeholders(source, 'en_US').filter((p) => locale.startsWith('en_') || !MAY_LEAVE_OUT[key]?.includes(p));
/**
 * A value for every placeholder the English message has, as the service passes one for each (a mail's name, user ID
 * and time: server/src/mail/templates.ts): `{0}` a number, since a count's plural selects on it, the others text.
 */
const sampleValues = (source: string) =>
  Object.fromEntries(placeholders(source, 'en_US').map((p) => [p, p === '0' ? 3 : `x${p}`]));

/**
 * The security page's buttons that act on one item: the words they show, and their accessible name, which names the
 * item as a whole message ("Remove passkey “{0}”", "Passkey „{0}“ entfernen") rather than the words, ": " and the
 * name. The name holds the shown words as they stand (WCAG 2.5.3, so speech input finds the button by them), compared
 * as axe's label-content-name-mismatch does: punctuation and quotation marks left out, spaces collapsed.
 */
const NAMED_BUTTONS = [
  ['security.sessions.end', 'security.sessions.endNamed'],
  ['security.passkeys.rename', 'security.passkeys.renameNamed'],
  ['security.passkeys.remove', 'security.passkeys.removeNamed'],
  ['security.devices.forget', 'security.devices.forgetNamed'],
] as const;
/** The help-desk console's buttons that act on one item of a user's (a passkey, a session), held to the same rule. */
const CONSOLE_NAMED_BUTTONS = [
  ['console.passkeys.remove', 'console.passkeys.removeNamed'],
  ['console.myPasskeys.remove', 'console.myPasskeys.removeNamed'],
  ['console.sessions.end', 'console.sessions.endNamed'],
  ['console.operators.unlock', 'console.operators.unlockNamed'],
  ['console.operators.remove', 'console.operators.removeNamed'],
  ['console.keys.revoke', 'console.keys.revokeNamed'],
  ['console.approvals.approve', 'console.approvals.approveNamed'],
  ['console.approvals.decline', 'console.approvals.declineNamed'],
  ['console.approvals.withdraw', 'console.approvals.withdrawNamed'],
] as const;
const curated = (text: string) => text.replace(/\p{P}/gu, '').replace(/\s+/g, ' ').trim();

const english = Object.fromEntries(BUNDLES.map((b) => [b, read('en_US', b)])) as Record<
  (typeof BUNDLES)[number],
  Record<string, string>
>;

describe.each(SUPPORTED_LOCALES.filter((l) => l !== 'en_US'))('locale %s', (locale) => {
  it.each(BUNDLES)('has the %s bundle with every English key, in order, and no other', (bundle) => {
    expect(existsSync(join(i18nDir, locale, `${bundle}.json`))).toBe(true);
    expect(Object.keys(read(locale, bundle))).toEqual(Object.keys(english[bundle]));
  });

  it.each(BUNDLES)('keeps the placeholders of every %s message, and every message formats', (bundle) => {
    const translated = read(locale, bundle);
    for (const [key, source] of Object.entries(english[bundle])) {
      const value = translated[key] ?? '';
      expect(placeholders(value, locale), `${locale} ${key}`).toEqual(expected(key, source, locale));
      const formatted = new IntlMessageFormat(value, languageTag(locale)).format(sampleValues(source));
      expect(String(formatted).trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it.skipIf(locale === 'en_GB')('translates every message rather than copying the English', () => {
    const copies = BUNDLES.flatMap((bundle) => {
      const translated = read(locale, bundle);
      return Object.entries(english[bundle])
        .filter(
          ([key, source]) =>
            translated[key] === source &&
            !SAME_IN_EVERY_LANGUAGE.test(source) &&
            !SAME_WORD_REVIEWED[key]?.includes(locale),
        )
        .map(([key]) => key);
    });
    expect(copies).toEqual([]);
  });

  it("names no place on the page in a field's own error: it shows beside the field and is read with it", () => {
    const messages = read(locale, 'Messages');
    for (const key of ['field.required', 'field.invalid', 'field.tooLong'])
      expect(messages[key], `${locale} ${key}`).not.toMatch(POSITION_WORDS);
  });

  it('names the new-PIN instructions toggle with the word it shows, and what it hides (WCAG 2.5.3)', () => {
    const labels = read(locale, 'PortalLabels');
    for (const state of ['hide', 'show']) {
      const shown = labels[`newpin.${state}`]!.toLocaleLowerCase(languageTag(locale));
      const name = labels[`newpin.${state}.label`]!.toLocaleLowerCase(languageTag(locale));
      expect(name, `${locale} newpin.${state}.label`).toContain(shown);
      expect(name.length, `${locale} newpin.${state}.label`).toBeGreaterThan(shown.length);
    }
  });

  it("names each security page and console button's item in the language's own words, with the words it shows", () => {
    const labels = { ...read(locale, 'PortalLabels'), ...read(locale, 'Console') };
    for (const [shown, named] of [...NAMED_BUTTONS, ...CONSOLE_NAMED_BUTTONS]) {
      const lower = (key: string) => labels[key]!.toLocaleLowerCase(languageTag(locale));
      expect(lower(named).split('{0}'), `${locale} ${named}`).toHaveLength(2);
      const name = curated(lower(named).replace('{0}', 'work laptop'));
      expect(name, `${locale} ${named}: "${labels[named]}"`).toContain(curated(lower(shown)));
    }
  });

  it('fits both bundles in 10 KB gzip', () => {
    const bytes = PAGE_BUNDLES.reduce(
      (sum, b) => sum + gzipSync(readFileSync(join(i18nDir, locale, `${b}.json`)), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(10 * 1024);
  });
});

describe('English bundles', () => {
  it("name no place on the page in a field's own error", () => {
    for (const key of ['field.required', 'field.invalid', 'field.tooLong'])
      expect(english.Messages[key], key).not.toMatch(POSITION_WORDS);
  });

  it('parse as ICU messages and fit in 10 KB gzip', () => {
    for (const bundle of BUNDLES)
      for (const source of Object.values(english[bundle]))
        expect(() => new IntlMessageFormat(source, 'en-US')).not.toThrow();
    const bytes = PAGE_BUNDLES.reduce(
      (sum, b) => sum + gzipSync(readFileSync(join(i18nDir, 'en_US', `${b}.json`)), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(10 * 1024);
  });
});
