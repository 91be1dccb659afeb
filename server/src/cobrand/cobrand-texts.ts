/**
 * A cobrand in each of its languages: the catalogue holds its texts in the first language and every other language
 * under `translations`. A text missing in one language is an import error naming the field, never an English
 * fallback at run time.
 */
import { COBRAND_TEXT_FIELDS, type CobrandEntry, type CobrandTexts } from '@portal/contract';

interface WithTranslations {
  cobrand: CobrandEntry;
  locales: Record<string, string>;
  translations?: Record<string, CobrandTexts>;
}

/** The fields a language must have: those with a text in the first language. */
const textFieldsOf = (entry: CobrandEntry) => COBRAND_TEXT_FIELDS.filter((field) => entry[field] !== null);

/** Everything wrong with a record's translations, as `<file>: /translations/<locale>/<field> …` lines. */
export function translationProblems(file: string, record: WithTranslations): string[] {
  const [, ...others] = Object.keys(record.locales);
  const translations = record.translations ?? {};
  const problems = Object.keys(translations)
    .filter((locale) => !others.includes(locale))
    .map((locale) => `${file}: /translations/${locale} is not one of the cobrand's other languages`);
  const wanted = textFieldsOf(record.cobrand);
  for (const locale of others) {
    const texts = translations[locale];
    if (!texts) {
      problems.push(`${file}: /translations/${locale} is missing: the cobrand offers ${locale}`);
      continue;
    }
    for (const field of wanted)
      if (texts[field] === undefined) problems.push(`${file}: /translations/${locale}/${field} is missing`);
    for (const field of COBRAND_TEXT_FIELDS)
      if (texts[field] !== undefined && !wanted.includes(field))
        problems.push(`${file}: /translations/${locale}/${field} has no text in the first language to translate`);
  }
  return problems;
}

/** The cobrand with its texts in `locale`, one of its languages; the first language's texts for any other. */
export function cobrandIn(record: WithTranslations, locale: string): CobrandEntry {
  return { ...record.cobrand, ...record.translations?.[locale] };
}
