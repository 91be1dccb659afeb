/**
 * Spelling and typography per language, over every text a reader meets (every bundle key, cobrand text and mail):
 * American English spells as Americans do (and British English as the British do), Russian writes "ё" where the
 * word has it, French and Italian use the typographic apostrophe, and a German mail goes on after its greeting
 * ("Guten Tag …,") in lower case, as a German letter does.
 */
import { describe, expect, it } from 'vitest';
import { localeTexts, renderedMails } from './locale-texts';

const report = (found: string[]) => expect(found.join('\n')).toBe('');
const wordsOf = (text: string) => text.split(/[^\p{L}\p{M}]+/u).filter(Boolean);

/** Words found by their start, in any case, with the spelling the locale uses instead. */
const SPELLINGS: Record<string, Record<string, string>> = {
  en_US: {
    recognis: 'recogniz-',
    organis: 'organiz-',
    authoris: 'authoriz-',
    customis: 'customiz-',
    personalis: 'personaliz-',
    realis: 'realiz-',
    finalis: 'finaliz-',
    minimis: 'minimiz-',
    memoris: 'memoriz-',
    apologis: 'apologiz-',
    prioritis: 'prioritiz-',
    summaris: 'summariz-',
    utilis: 'utiliz-',
    programme: 'program',
    colour: 'color',
    favourit: 'favorit-',
    behaviour: 'behavior',
    honour: 'honor',
    centre: 'center',
    catalogue: 'catalog',
    licence: 'license',
    defence: 'defense',
    cancelled: 'canceled',
    cancelling: 'canceling',
    travelled: 'traveled',
    labelled: 'labeled',
    enrolment: 'enrollment',
    whilst: 'while',
    grey: 'gray',
    cheque: 'check',
    analyse: 'analyze',
  },
  en_GB: {
    recogniz: 'recognis-',
    organiz: 'organis-',
    authoriz: 'authoris-',
    customiz: 'customis-',
    realiz: 'realis-',
    color: 'colour',
    favorit: 'favourit-',
    behavior: 'behaviour',
    center: 'centre',
    canceled: 'cancelled',
    analyze: 'analyse',
  },
};

/**
 * Russian words spelled with "е" where they have "ё" (the portal writes "ё" throughout, as its texts mostly did):
 * whole words, or a stem found at a word's start.
 */
const YO_WORDS = [
  ...['еще', 'ее', 'нем', 'своем', 'четырех', 'истек', 'подошел', 'вошел', 'прошел', 'нашел', 'пришел'],
  ...['удален', 'отключен', 'изменен', 'сохранен', 'введен', 'завершен', 'включен', 'подключен', 'перемещен'],
  ...['вернетесь', 'задаете', 'подаете', 'подает', 'придет', 'пришлет'],
];
const YO_STEMS = ['учетн', 'отчет', 'надежн', 'введенн', 'счетчик'];
const withYo = (word: string) => word.replace(/е(?=[^е]*$)/, 'ё');

describe.each(Object.entries(SPELLINGS))('in %s', (locale, spellings) => {
  it('every text spells as the locale does', () => {
    const found = localeTexts(locale).flatMap(({ where, text }) =>
      wordsOf(text).flatMap((word) =>
        Object.entries(spellings)
          .filter(([wrong]) => word.toLowerCase().startsWith(wrong))
          .map(([wrong, right]) => `${where}: "${word}" (${wrong}…, write ${right}) in "${text}"`),
      ),
    );
    report(found);
  });
});

describe('in ru', () => {
  it('every text writes ё where the word has it ("ещё", "учётная", "удалён")', () => {
    const found = localeTexts('ru').flatMap(({ where, text }) =>
      wordsOf(text)
        .filter((word) => {
          const lower = word.toLowerCase();
          return YO_WORDS.includes(lower) || YO_STEMS.some((stem) => lower.startsWith(stem));
        })
        .map((word) => `${where}: "${word}" (write "${withYo(word)}"…) in "${text}"`),
    );
    report(found);
  });
});

describe.each(['fr', 'fr_CA', 'it'])('in %s', (locale) => {
  it("every apostrophe is the typographic one (’), never the typewriter’s (')", () => {
    const found = localeTexts(locale)
      .filter(({ text }) => text.includes("'"))
      .map(({ where, text }) => `${where}: "${text}"`);
    report(found);
  });
});

/**
 * Words that are written in lower case inside a sentence: German capitalises nouns, "Sie" and "Ihr…", never these.
 * A mail's first sentence after "Guten Tag …," continues the greeting's sentence, so it may not start with one.
 */
const GERMAN_LOWER = [
  ...['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines', 'am', 'an', 'auf'],
  ...['aus', 'bei', 'für', 'in', 'im', 'mit', 'nach', 'seit', 'über', 'um', 'von', 'vom', 'vor', 'zu', 'zum', 'zur'],
  ...['hier', 'heute', 'soeben', 'gerade', 'es', 'er', 'wir', 'man', 'jemand', 'falls', 'wenn', 'da', 'dies', 'diese'],
  ...['dieser', 'dieses', 'bitte'],
];

describe('in de', () => {
  it('every mail goes on after its greeting in lower case, unless with a noun or "Sie"', () => {
    const found = renderedMails('de').flatMap(({ name, paragraphs }) => {
      const [greeting, first] = paragraphs;
      const word = wordsOf(first ?? '')[0] ?? '';
      return greeting!.endsWith(',') && GERMAN_LOWER.includes(word.toLowerCase()) && word !== word.toLowerCase()
        ? [`de mail ${name}: "${word}" after "${greeting}" in "${first}"`]
        : [];
    });
    report(found);
  });
});
