/**
 * One word per concept per language: `data/i18n/glossary.json` names, for each locale, the word for password, PIN,
 * passcode, signing in and the platform's name, and the other words a translator or a bank might reach for. No
 * bundle message and no cobrand text in that language uses one of those (Spanish "clave" beside "contraseña",
 * German "Ausgabenplattform" beside "Spesenplattform").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bundleTexts, dataDir, localeTexts } from './locale-texts';

const TERMS = ['password', 'pin', 'passcode', 'signIn', 'platform'] as const;
type Glossary = Record<string, Record<(typeof TERMS)[number], { term: string; not: string[] }>>;
const glossary = JSON.parse(readFileSync(join(dataDir, 'i18n', 'glossary.json'), 'utf8')) as Glossary;

/** A variant is found at the start of a word (Latin and Cyrillic), anywhere in a text of a language without spaces. */
const finder = (variant: string) => {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    /^\p{L}/u.test(variant) && !/\p{Script=Han}|\p{Script=Hangul}|[\u3040-\u30ff]/u.test(variant)
      ? `(?<![\\p{L}\\p{M}])${escaped}`
      : escaped,
    'iu',
  );
};

describe('the glossary', () => {
  it('has every term for every locale', () => {
    expect(Object.keys(glossary).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    for (const locale of SUPPORTED_LOCALES) expect(Object.keys(glossary[locale]!).sort()).toEqual([...TERMS].sort());
  });

  it.each(SUPPORTED_LOCALES)('in %s names words the portal uses', (locale) => {
    const texts = bundleTexts(locale).map(({ text }) => text.toLowerCase());
    for (const term of ['password', 'pin', 'passcode', 'platform'] as const) {
      const { term: word } = glossary[locale]![term];
      expect(
        texts.some((text) => text.includes(word.toLowerCase())),
        `${locale} ${term} "${word}"`,
      ).toBe(true);
    }
  });
});

describe.each(SUPPORTED_LOCALES)('in %s', (locale) => {
  it("every bundle message and cobrand text uses the glossary's word for each term", () => {
    const variants = TERMS.flatMap((term) => glossary[locale]![term].not.map((variant) => ({ term, variant })));
    const found = localeTexts(locale).flatMap(({ where, text }) =>
      variants
        .filter(({ variant }) => finder(variant).test(text))
        .map(
          ({ term, variant }) => `${where}: "${variant}" for ${term} ("${glossary[locale]![term].term}") in "${text}"`,
        ),
    );
    expect(found).toEqual([]);
  });
});
