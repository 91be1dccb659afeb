/**
 * The built-in security questions in each language (`data/i18n/<locale>/SecurityQuestions.json`). An account holds
 * its question as it was set, in any language's wording of a built-in question or as a bank's own text; step 2 shows a
 * built-in question in the page's language and any other as it was set. The answer is compared as the user set it.
 * A decoy is a question real users hold, so it is shown the same way and cannot be told from a real one by language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, isLocale } from '@portal/contract';
import { I18N_DIR } from '../paths.js';

export const QUESTIONS_FILE = 'SecurityQuestions.json';

/** A wording in any language is found as written, give or take spaces and letter case. */
const normalised = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

export class QuestionTexts {
  private readonly byLocale = new Map<string, Record<string, string>>();
  private readonly keyOf = new Map<string, string>();

  constructor(dir = I18N_DIR) {
    for (const locale of SUPPORTED_LOCALES) {
      const file = join(dir, locale, QUESTIONS_FILE);
      if (!existsSync(file)) continue;
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      this.byLocale.set(locale, texts);
      for (const [key, text] of Object.entries(texts)) this.keyOf.set(normalised(text), key);
    }
  }

  /** The question as step 2 shows it in `locale` (a supported locale, else English). */
  shown(stored: string, locale: string | undefined): string {
    const key = this.keyOf.get(normalised(stored));
    if (!key) return stored;
    const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
    return this.byLocale.get(chosen)?.[key] ?? this.byLocale.get(DEFAULT_LOCALE)?.[key] ?? stored;
  }
}
