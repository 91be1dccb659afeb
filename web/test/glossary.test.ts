/**
 * One word per concept per language: `data/i18n/glossary.json` names, for each locale, the word for the platform, the
 * user ID, password, passkey, device, signing in, recovery code, PIN, passcode and verification code, and the other
 * words a translator or a bank might reach for. No text a reader of that language meets uses one of those: no key of
 * the bundles (those added later too, as the files are read whole), no cobrand text and no mail as its template puts
 * it together (Spanish "clave" beside "contraseña", German "Benutzer-ID" beside "Benutzerkennung", Japanese "端末"
 * beside "デバイス").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bundleTexts, dataDir, localeTexts, mailTemplateNames, MAILS } from './locale-texts';

const TERMS = [
  'platform',
  'userId',
  'password',
  'passkey',
  'device',
  'signIn',
  'recoveryCode',
  'pin',
  'passcode',
  'verificationCode',
] as const;
type Term = (typeof TERMS)[number];
type Glossary = Record<string, Record<Term, { term: string; not: string[] }>>;
const glossary = JSON.parse(readFileSync(join(dataDir, 'i18n', 'glossary.json'), 'utf8')) as Glossary;

/**
 * A variant is found at the start of a word (Latin and Cyrillic), anywhere in a text of a language without spaces.
 * A variant that differs from the term only in case ("användar-ID" for "användar-id") is matched case-sensitively;
 * any other, in any case.
 */
const finder = (variant: string, term: string) => {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    /^\p{L}/u.test(variant) && !/\p{Script=Han}|\p{Script=Hangul}|[\u3040-\u30ff]/u.test(variant)
      ? `(?<![\\p{L}\\p{M}])${escaped}`
      : escaped,
    variant.toLowerCase() === term.toLowerCase() ? 'u' : 'iu',
  );
};

describe('the glossary', () => {
  it('has every term for every locale', () => {
    expect(Object.keys(glossary).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    for (const locale of SUPPORTED_LOCALES) expect(Object.keys(glossary[locale]!).sort()).toEqual([...TERMS].sort());
  });

  it.each(SUPPORTED_LOCALES)('in %s names words the portal uses', (locale) => {
    const texts = bundleTexts(locale).map(({ text }) => text.toLowerCase());
    for (const term of TERMS.filter((t) => t !== 'signIn')) {
      const { term: word } = glossary[locale]![term];
      expect(
        texts.some((text) => text.includes(word.toLowerCase())),
        `${locale} ${term} "${word}"`,
      ).toBe(true);
    }
  });

  it('is checked against every mail template, each rendered in every language', () => {
    expect(Object.keys(MAILS).sort()).toEqual(mailTemplateNames().sort());
  });
});

describe.each(SUPPORTED_LOCALES)('in %s', (locale) => {
  const texts = localeTexts(locale);
  it.each(TERMS)('every bundle key, cobrand text and mail says the glossary’s word for %s', (term) => {
    const { term: word, not } = glossary[locale]![term];
    const found = texts.flatMap(({ where, text }) =>
      not
        .filter((variant) => finder(variant, word).test(text))
        .map((variant) => `${where}: "${variant}" for ${term} ("${word}") in "${text}"`),
    );
    // One line per finding, all of them shown (an array's diff would be cut short).
    expect(found.join('\n')).toBe('');
  });
});
