/**
 * Every text a reader of one language meets: the portal's bundles, its built-in security questions and the texts of each cobrand offering that
 * language, as the service answers them (the catalogue's own reader), each with where it comes from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COBRAND_TEXT_FIELDS } from '@portal/contract';
import { cobrandIn, readCatalogue } from '../../server/src/cobrand/index.js';

export const dataDir = fileURLToPath(new URL('../../data', import.meta.url));
const { cobrands } = readCatalogue(join(dataDir, 'cobrands'));

export interface LocaleText {
  where: string;
  text: string;
}

/** The two bundles of the pages, and the built-in security questions the service shows. */
export function bundleTexts(locale: string): LocaleText[] {
  return ['Messages', 'PortalLabels', 'SecurityQuestions'].flatMap((bundle) =>
    Object.entries(
      JSON.parse(readFileSync(join(dataDir, 'i18n', locale, `${bundle}.json`), 'utf8')) as Record<string, string>,
    ).map(([key, text]) => ({ where: `${locale}/${bundle}.json ${key}`, text })),
  );
}

export function cobrandTexts(locale: string): LocaleText[] {
  return cobrands
    .filter(({ record }) => locale in record.locales)
    .flatMap(({ record }) => {
      const entry = cobrandIn(record, locale);
      const where = `cobrands/${record.cobrand.name} ${locale}`;
      const questions = Object.values(record.securityQuestions ?? {}).flatMap((byLocale) =>
        byLocale[locale] ? [{ where: `${where} securityQuestions`, text: byLocale[locale] }] : [],
      );
      return COBRAND_TEXT_FIELDS.flatMap((field) => {
        const text = entry[field];
        return typeof text === 'string' ? [{ where: `${where} ${field}`, text }] : [];
      }).concat(questions);
    });
}

export const localeTexts = (locale: string) => [...bundleTexts(locale), ...cobrandTexts(locale)];
