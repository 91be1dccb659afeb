/**
 * Reads and validates the shipped cobrand catalogue: `data/cobrands/<id>/cobrand.json`, and the footer variants
 * beside it in `data/footers/`. Every problem is reported (file and field), so one run shows all that is wrong.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CobrandRecordSchema } from '@portal/contract/schemas';
import { isAllowedRedirect, isLocale, type CobrandFooter, type CobrandRecord } from '@portal/contract';
import { footerProblems, resolveFooter } from './cobrand-footer.js';
import { cobrandIn, questionLanguageProblems, signInLabelProblems, translationProblems } from './cobrand-texts.js';
import { readFooterVariants } from './footer-variants.js';
import { readJson } from './read-json.js';

export type { CobrandRecord };

/** A catalogue record with the footer the service answers for it, in each of the cobrand's languages. */
export interface CatalogueCobrand {
  record: CobrandRecord;
  footers: Record<string, CobrandFooter>;
}

export interface CatalogueResult {
  cobrands: CatalogueCobrand[];
  /** One line per bad field, naming the file and the field; empty when every record is good. */
  problems: string[];
}

/** Where a cobrands folder's footer variants are: the `footers` folder beside it. */
export const footersDirFor = (cobrandsDir: string): string => join(dirname(cobrandsDir), 'footers');

export function readCatalogue(dir: string, footersDir = footersDirFor(dir)): CatalogueResult {
  const cobrands: CatalogueCobrand[] = [];
  if (!existsSync(dir)) return { cobrands, problems: [`${dir}: no such folder`] };
  const { footers, problems } = readFooterVariants(footersDir);
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  for (const id of ids) {
    const file = join(dir, id, 'cobrand.json');
    const record = readJson<CobrandRecord>(file, CobrandRecordSchema, problems);
    if (!record) continue;
    const before = problems.length;
    if (record.cobrand.name !== id) problems.push(`${file}: /cobrand/name must equal the folder name "${id}"`);
    const locales = Object.keys(record.locales);
    if (locales.length === 0) problems.push(`${file}: /locales must offer at least one language`);
    for (const locale of locales)
      if (!isLocale(locale)) problems.push(`${file}: /locales/${locale} is not a supported locale`);
    // Every language has the texts the first has (translationProblems), so the footer checks of the first hold for all.
    problems.push(
      ...addressProblems(file, record),
      ...samlProviderProblems(file, record),
      ...footerProblems(file, record.cobrand, footers),
      ...translationProblems(file, record),
      ...signInLabelProblems(file, record),
      ...questionLanguageProblems(file, record),
    );
    if (problems.length > before) continue;
    const variant = footers.variants.get(record.cobrand.footerVariant)!;
    cobrands.push({
      record,
      footers: Object.fromEntries(
        locales.map((locale) => [locale, resolveFooter(cobrandIn(record, locale), variant, footers)]),
      ),
    });
  }
  const abbreviations = new Map<string, string>();
  for (const {
    record: { cobrand },
  } of cobrands) {
    const key = cobrand.abbreviation.toLowerCase();
    const other = abbreviations.get(key);
    if (other)
      problems.push(
        `${join(dir, cobrand.name, 'cobrand.json')}: /cobrand/abbreviation "${cobrand.abbreviation}" is also used by ${other}`,
      );
    abbreviations.set(key, cobrand.name);
  }
  return { cobrands, problems };
}

/** A SAML provider's record names one metadata source, or the entity ID, sign-on address and certificate itself. */
function samlProviderProblems(file: string, record: CobrandRecord): string[] {
  const idp = record.identityProvider;
  if (idp?.protocol !== 'saml') return [];
  if (idp.idpMetadataUrl && idp.idpMetadataFile)
    return [`${file}: /identityProvider names both idpMetadataUrl and idpMetadataFile; name one`];
  if (idp.idpMetadataUrl || idp.idpMetadataFile) return [];
  return (['idpEntityId', 'ssoUrl', 'idpCertificateEnv'] as const)
    .filter((field) => !idp[field])
    .map((field) => `${file}: /identityProvider/${field} is required without idpMetadataUrl or idpMetadataFile`);
}

/** Every address the portal will send a user to must be a local path or on the cobrand's allowed origins. */
function addressProblems(file: string, record: CobrandRecord): string[] {
  const { cobrand, allowedOrigins } = record;
  const addresses: [string, string | null][] = [
    ['/cobrand/fssoRedirectUrl', cobrand.fssoRedirectUrl],
    ['/cobrand/fssoLogoutUrl', cobrand.fssoLogoutUrl],
    ['/platformHomeUrl', record.platformHomeUrl],
  ];
  return addresses
    .filter(([, url]) => url !== null && !isAllowedRedirect(url, allowedOrigins))
    .map(([field, url]) => `${file}: ${field} "${url}" must be a path starting with one "/" or on an allowed origin`);
}
