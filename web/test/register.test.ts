/**
 * One register per language: the portal's bundles and every cobrand's texts address the reader the same way (formal
 * "Lei", "Państwo"/impersonal, "Вы" and "usted", Spain's Spanish its informal "tú" throughout). Each language lists
 * word forms that only the other register uses and that cannot be read another way. Buttons and links may name
 * their action with the short command form ("Accedi", "Anuluj"), as software in these languages does; sentences,
 * questions, headings and field labels may not.
 */
import { describe, expect, it } from 'vitest';
import { localeTexts } from './locale-texts';

/** Whole words, matched case-sensitively where only the lower-case form is wrong (Russian's "вы" inside a sentence). */
const OTHER_REGISTER: Record<string, { words: readonly string[]; caseSensitive?: boolean }> = {
  it: { words: ['vuoi', 'puoi', 'devi', 'hai', 'sei', 'tuo', 'tua', 'tuoi', 'tue', 'ti', 'riprova', 'inserisci'] },
  pl: {
    words: [
      ...['ty', 'ciebie', 'tobie', 'cię', 'twój', 'twoja', 'twoje', 'twojego', 'twojej', 'twoim', 'twoją', 'twoich'],
      ...['chcesz', 'możesz', 'musisz', 'spróbuj', 'wprowadź', 'wpisz', 'podaj', 'sprawdź', 'wybierz', 'utwórz'],
      ...['powtórz', 'zaczekaj', 'odśwież', 'skontaktuj', 'jesteś', 'masz', 'widzisz', 'rozpoznajesz', 'wybierzesz'],
      ...['używasz', 'logowałeś', 'logowałaś'],
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
  es_ES: { words: ['usted', 'ustedes', 'vuelva', 'introduzca', 'compruebe', 'inténtelo', 'póngase', 'seleccione'] },
  nl: { words: ['je', 'jij', 'jou', 'jouw'] },
  pt_PT: { words: ['tu', 'teu', 'tua', 'teus', 'tuas'] },
  tr: { words: ['sen', 'seni', 'senin', 'sana'] },
  in: { words: ['kamu', 'kau', 'milikmu'] },
};

const wordsOf = (text: string) => text.split(/[^\p{L}\p{M}]+/u).filter(Boolean);

describe.each(Object.entries(OTHER_REGISTER))('in %s', (locale, { words, caseSensitive }) => {
  it('every text keeps one register', () => {
    const forbidden = new Set(words);
    const found = localeTexts(locale).flatMap(({ where, text }) =>
      wordsOf(text)
        .filter((word) => forbidden.has(caseSensitive ? word : word.toLowerCase()))
        .map((word) => `${where}: "${word}" in "${text}"`),
    );
    expect(found).toEqual([]);
  });
});
