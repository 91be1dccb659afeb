/**
 * A cobrand in each of its languages: the catalogue holds its texts in the first language and every other language
 * under `translations`. A text missing in one language is an import error naming the field, never an English
 * fallback at run time; so is a sign-in label the page could not fill, or a question worded in a language not offered.
 */
import { COBRAND_TEXT_FIELDS, type CobrandEntry, type CobrandTexts } from '@portal/contract';

interface WithTranslations {
  cobrand: CobrandEntry;
  locales: Record<string, string>;
  translations?: Record<string, CobrandTexts>;
}

interface WithQuestions {
  locales: Record<string, string>;
  securityQuestions?: Record<string, Record<string, string>>;
}

/** Where a sign-in label written as a whole message puts the application name (web/src/page/sign-in-heading.ts). */
const NAME = '{0}';

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

/** A JSON pointer's segment for a key that may hold "/" or "~" (RFC 6901). */
const pointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * A sign-in label in a language other than English is a whole message with `{0}` where the application name goes
 * ("Anmeldung – {0}", "{0}へようこそ"): the page fills it as the bank wrote it. Without `{0}` the page would put the
 * name in its own heading and drop the bank's label unseen, so the import refuses it, naming the language.
 */
export function signInLabelProblems(file: string, record: WithTranslations): string[] {
  return Object.keys(record.locales).flatMap((locale, index) => {
    const where = index === 0 ? '/cobrand/signInToLabel' : `/translations/${locale}/signInToLabel`;
    const label = index === 0 ? record.cobrand.signInToLabel : record.translations?.[locale]?.signInToLabel;
    if (locale.startsWith('en_') || label === undefined || label.split(NAME).length === 2) return [];
    return [`${file}: ${where} "${label}" in ${locale} must hold the application name as ${NAME}, once`];
  });
}

/** A bank's own security question is translated only into languages the cobrand offers. */
export function questionLanguageProblems(file: string, record: WithQuestions): string[] {
  const offered = Object.keys(record.locales);
  return Object.entries(record.securityQuestions ?? {}).flatMap(([question, wordings]) =>
    Object.keys(wordings)
      .filter((locale) => !offered.includes(locale))
      .map(
        (locale) =>
          `${file}: /securityQuestions/${pointer(question)}/${locale} is in a language the cobrand does not offer (${offered.join(', ')})`,
      ),
  );
}
