/**
 * One register per language: the portal's bundles (every key, those added later too), every cobrand's texts and every
 * mail as its template puts it together address the reader the same way (formal "Lei", "Państwo"/impersonal, "Вы" and
 * "usted", Spain's Spanish its informal "tú" throughout, Korean's formal polite "-십시오"/"-습니다"). Each language lists
 * word forms that only the other register uses and that cannot be read another way. Buttons and links may name their
 * action with the short command form ("Accedi", "Anuluj"), as software in these languages does; sentences, questions
 * and headings may not.
 */
import { describe, expect, it } from 'vitest';
import { localeTexts, type LocaleText } from './locale-texts';

/** Whole words, matched case-sensitively where only the lower-case form is wrong (Russian's "вы" inside a sentence). */
const OTHER_REGISTER: Record<string, { words: readonly string[]; caseSensitive?: boolean }> = {
  it: {
    words: [
      ...['vuoi', 'puoi', 'devi', 'hai', 'sei', 'tuo', 'tua', 'tuoi', 'tue', 'ti', 'te', 'riprova', 'inserisci'],
      ...['scegli', 'vorresti'],
    ],
  },
  pl: {
    words: [
      ...['ty', 'ciebie', 'tobie', 'cię', 'twój', 'twoja', 'twoje', 'twojego', 'twojej', 'twoim', 'twoją', 'twoich'],
      ...['chcesz', 'możesz', 'musisz', 'spróbuj', 'wprowadź', 'wpisz', 'podaj', 'sprawdź', 'wybierz', 'utwórz'],
      ...['powtórz', 'zaczekaj', 'odśwież', 'skontaktuj', 'jesteś', 'masz', 'widzisz', 'rozpoznajesz', 'wybierzesz'],
      ...['używasz', 'logowałeś', 'logowałaś', 'loguj'],
    ],
  },
  ru: {
    words: [
      ...['вы', 'вас', 'вам', 'вами', 'ваш', 'ваша', 'ваше', 'ваши', 'вашего', 'вашей', 'вашу', 'вашим', 'вашем'],
      ...['ваших', 'ты', 'тебя', 'тебе', 'твой', 'твоя', 'твоё', 'твои', 'введи', 'выбери', 'попробуй', 'войди'],
    ],
    caseSensitive: true,
  },
  de: { words: ['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner'] },
  fr: { words: ['tu', 'toi', 'ton', 'tes'] },
  fr_CA: { words: ['tu', 'toi', 'ton', 'tes'] },
  es: { words: ['tú', 'tu', 'tus', 'ti', 'contigo', 'inténtalo', 'vuelve'] },
  es_ES: {
    words: [
      ...['usted', 'ustedes', 'vuelva', 'introduzca', 'compruebe', 'inténtelo', 'póngase', 'seleccione', 'acceda'],
      ...['elija', 'elimínela', 'elimínelo', 'preguntarle', 'quiere', 'desea', 'escriba', 'inicie', 'pulse', 'espere'],
    ],
  },
  nl: { words: ['je', 'jij', 'jou', 'jouw'] },
  pt_PT: { words: ['tu', 'teu', 'tua', 'teus', 'tuas'] },
  tr: { words: ['sen', 'seni', 'senin', 'sana'] },
  in: { words: ['kamu', 'kau', 'milikmu'] },
};

/**
 * Word endings of the other register: Korean speaks to the reader in the formal polite style most of its texts use
 * ("입력하십시오", "없습니다"), never the informal polite "-세요"/"-요" (docs/decisions.md).
 */
const OTHER_ENDINGS: Record<string, readonly string[]> = {
  ko: ['세요', '해요', '어요', '아요', '에요', '예요'],
};

/**
 * The command forms buttons and links use ("Accedi", "Zaloguj się"), which address the reader informally: a heading
 * or a page title in these languages names the step ("Accesso con una passkey", "Logowanie kluczem dostępu") instead.
 */
const COMMANDS: Record<string, readonly string[]> = {
  it: [
    ...['accedi', 'crea', 'usa', 'aggiungi', 'rimuovi', 'rinomina', 'salva', 'annulla', 'continua', 'torna', 'vai'],
    ...['esci', 'cambia', 'mostra', 'nascondi', 'dimentica', 'chiudi', 'inserisci', 'scegli', 'controlla'],
  ],
  pl: [
    ...['zaloguj', 'loguj', 'wyloguj', 'anuluj', 'zapisz', 'dodaj', 'usuń', 'utwórz', 'użyj', 'wróć', 'przejdź'],
    ...['zmień', 'pokaż', 'ukryj', 'zapomnij', 'zakończ', 'kontynuuj', 'wygeneruj', 'wprowadź', 'wpisz', 'wybierz'],
  ],
};
/** Keys of headings and page titles. */
const HEADING = /(?:^page\.title\.|[.]heading$|Heading$|Title$|\.title$)/;

const wordsOf = (text: string) => text.split(/[^\p{L}\p{M}]+/u).filter(Boolean);
const report = (found: string[]) => expect(found.join('\n')).toBe('');

describe.each(Object.entries(OTHER_REGISTER))('in %s', (locale, { words, caseSensitive }) => {
  it('every text keeps one register', () => {
    const forbidden = new Set(words);
    const found = localeTexts(locale).flatMap(({ where, text }) =>
      wordsOf(text)
        .filter((word) => forbidden.has(caseSensitive ? word : word.toLowerCase()))
        .map((word) => `${where}: "${word}" in "${text}"`),
    );
    report(found);
  });
});

describe.each(Object.entries(OTHER_ENDINGS))('in %s', (locale, endings) => {
  it('every text speaks in one polite form', () => {
    const found = localeTexts(locale).flatMap(({ where, text }) =>
      wordsOf(text)
        .filter((word) => endings.some((ending) => word.endsWith(ending)))
        .map((word) => `${where}: "${word}" in "${text}"`),
    );
    report(found);
  });
});

/** A bundle key's text, from its `where` ("it/PortalLabels.json page.title.home"). */
const keyOf = ({ where }: LocaleText) => where.split(' ')[1] ?? '';

describe.each(Object.entries(COMMANDS))('in %s', (locale, commands) => {
  it('no heading or page title uses the command form of a button', () => {
    const found = localeTexts(locale)
      .filter((text) => text.where.startsWith(`${locale}/`) && HEADING.test(keyOf(text)))
      .flatMap(({ where, text }) =>
        wordsOf(text)
          .filter((word) => commands.includes(word.toLowerCase()))
          .map((word) => `${where}: "${word}" in "${text}"`),
      );
    report(found);
  });
});

describe('in it', () => {
  it('no sentence gives an instruction in the infinitive ("Riprovare."): the reader is addressed as Lei', () => {
    const found = localeTexts('it').flatMap(({ where, text }) =>
      [...text.matchAll(/(?:^|[.!?]\s+)(\p{Lu}\p{Ll}+(?:are|ere|ire))\b/gu)].map(
        ([, word]) => `${where}: "${word}" in "${text}"`,
      ),
    );
    report(found);
  });

  it('courtesy pronouns are written in lower case inside a sentence ("la sua banca", "se non è stato lei")', () => {
    const found = localeTexts('it').flatMap(({ where, text }) =>
      [...text.matchAll(/(?<=[\p{L},;]\s)(Lei|La|Le|Gli|Suo|Sua|Suoi|Sue)\b/gu)].map(
        ([word]) => `${where}: "${word}" in "${text}"`,
      ),
    );
    report(found);
  });
});
