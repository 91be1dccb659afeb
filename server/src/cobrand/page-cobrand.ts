/**
 * The cobrand a page is answered for, found as the page's script finds it (§3: the cobrandHost name, else taken as an
 * abbreviation; without one, the default brand), with the language settled for the request and what the page would otherwise
 * look up in four calls: the record in that language, its languages, the logo (the first of jpg, png, gif that exists)
 * and the stylesheet.
 */
import { join } from 'node:path';
import { DEFAULT_COBRAND, LOGO_FORMATS, Paths, type Cobrand, type CobrandLocales } from '@portal/contract';
import { assetVersion } from './asset-versions.js';
import type { CobrandDirectory } from './cobrand-directory.js';
import type { StoredCobrand } from './cobrand-store.js';
import { cobrandIn } from './cobrand-texts.js';

export interface PageCobrand {
  /** Changes whenever anything below does (record version, language, files). */
  key: string;
  requested: string;
  cobrand: Cobrand;
  locales: CobrandLocales;
  locale: string;
  logoUrl: string | null;
  logoSize: { width: number; height: number } | null;
  themeUrl: string | null;
}

/** The record as §7's cobrand call answers it in `locale`: its texts in that language and its resolved footer. */
export const cobrandRecordIn = ({ record, footers }: StoredCobrand, locale: string): Cobrand => ({
  ...cobrandIn(record, locale),
  footer: footers[locale]!,
});

const VALID_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export type PageCobrandFor = (
  cobrandHost: string | null,
  settle: (offered: readonly string[]) => string,
) => Promise<PageCobrand | null>;

export function pageCobrandFinder(cobrands: CobrandDirectory, catalogueDir: string): PageCobrandFor {
  // Only a name or abbreviation as the catalogue spells it (or none, for the default brand): other spellings and
  // unknown names get the page as built, so the pages kept stay one per cobrand rather than one per address.
  const exactly = async (requested: string) => {
    const named = await cobrands.find(requested);
    if (named) return named.record.cobrand.name === requested ? named : null;
    const name = requested.length <= 16 ? await cobrands.nameForAbbreviation(requested) : null;
    const found = name ? await cobrands.find(name) : null;
    return found?.record.cobrand.abbreviation === requested ? found : null;
  };
  return async (cobrandHost, settle) => {
    const requested = cobrandHost ?? DEFAULT_COBRAND;
    const stored = VALID_NAME.test(requested) ? await exactly(requested) : null;
    if (!stored) return null;
    const name = stored.record.cobrand.name;
    const locale = settle(Object.keys(stored.record.locales));
    // Each file by an address that carries its version: §7's own address, plus `?v=`.
    const file = (base: string, image: boolean) => {
      const version = assetVersion(join(catalogueDir, name, base), image);
      return version && { url: `${Paths.cobrandAssets(name)}${base}?v=${version.hash}`, size: version.size };
    };
    const logo = LOGO_FORMATS.map((format) => file(`logo.${format}`, true)).find(Boolean) ?? null;
    const theme = file('theme.css', false);
    const [logoUrl, themeUrl] = [logo?.url ?? null, theme?.url ?? null];
    return {
      key: `${requested}\u0000${stored.version}\u0000${locale}\u0000${logoUrl}\u0000${themeUrl}`,
      requested,
      cobrand: cobrandRecordIn(stored, locale),
      locales: stored.record.locales,
      locale,
      logoUrl,
      logoSize: logo?.size ?? null,
      themeUrl,
    };
  };
}
