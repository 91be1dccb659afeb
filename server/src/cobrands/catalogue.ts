/** Reads and validates the shipped cobrand catalogue (`data/cobrands/<id>/cobrand.json`). */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { CobrandRecordSchema } from '@portal/contract/schemas';
import { isAllowedRedirect, isLocale, type Cobrand } from '@portal/contract';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';

export type CobrandRecord = Static<typeof CobrandRecordSchema> & { cobrand: Cobrand };

export interface CatalogueResult {
  records: CobrandRecord[];
  /** One line per bad field, naming the file and the field; empty when every record is good. */
  problems: string[];
}

export function readCatalogue(dir: string): CatalogueResult {
  const records: CobrandRecord[] = [];
  const problems: string[] = [];
  if (!existsSync(dir)) return { records, problems: [`${dir}: no such folder`] };
  const ids = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const id of ids) {
    const file = join(dir, id, 'cobrand.json');
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    const issues = [...Value.Errors(CobrandRecordSchema, value)].filter((issue) => issue.keyword !== 'boolean');
    for (const issue of issues) problems.push(`${file}: ${issue.instancePath || '(record)'} ${issue.message}`);
    if (issues.length) continue;
    const record = value as CobrandRecord;
    if (record.cobrand.name !== id) problems.push(`${file}: /cobrand/name must equal the folder name "${id}"`);
    const locales = Object.keys(record.locales);
    if (locales.length === 0) problems.push(`${file}: /locales must offer at least one language`);
    for (const locale of locales) if (!isLocale(locale)) problems.push(`${file}: /locales/${locale} is not a supported locale`);
    problems.push(...addressProblems(file, record));
    records.push(record);
  }
  const abbreviations = new Map<string, string>();
  for (const { cobrand } of records) {
    const key = cobrand.abbreviation.toLowerCase();
    const other = abbreviations.get(key);
    if (other) problems.push(`${join(dir, cobrand.name, 'cobrand.json')}: /cobrand/abbreviation "${cobrand.abbreviation}" is also used by ${other}`);
    abbreviations.set(key, cobrand.name);
  }
  return { records, problems };
}

/** Every address the portal will send a user to must be a local path or on the cobrand's allowed origins. */
function addressProblems(file: string, record: CobrandRecord): string[] {
  const { cobrand, allowedOrigins } = record;
  const addresses: [string, string | null][] = [
    ['/cobrand/fssoRedirectUrl', cobrand.fssoRedirectUrl],
    ['/cobrand/fssoLogoutUrl', cobrand.fssoLogoutUrl],
    ['/platformHomeUrl', record.platformHomeUrl],
  ];
  const problems = addresses
    .filter(([, url]) => url !== null && !isAllowedRedirect(url, allowedOrigins))
    .map(([field, url]) => `${file}: ${field} "${url}" must be a path starting with one "/" or on an allowed origin`);
  cobrand.footer.links.forEach((link, index) => {
    if (!/^(https:\/\/|\/(?![/\\]))/.test(link.url)) problems.push(`${file}: /cobrand/footer/links/${index}/url must be https:// or a path`);
  });
  return problems;
}
