/**
 * Reads and validates the footer variants of §2 (`data/footers/<id>.json`) and the names of their shared images
 * (`data/footers/assets/assets.json`). Problems name the file and the field, like the cobrand records'.
 */
import { assetVersion, type AssetVersion } from './asset-versions.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FooterVariant } from '@portal/contract';
import { FooterAssetsSchema, FooterVariantIdSchema, FooterVariantSchema } from '@portal/contract/schemas';
import { Value } from 'typebox/value';
import { readJson } from './read-json.js';

/** The variant unknown cobrands get through the default brand: copyright and privacy link. */
export const DEFAULT_FOOTER_VARIANT = 'default';
export const FOOTER_ASSETS_MANIFEST = 'assets.json';

export interface FooterAsset extends AssetVersion {
  name: string;
}

export interface FooterCatalogue {
  variants: Map<string, FooterVariant>;
  /** Image file → the name of what it shows (for alt texts), its version and its size. */
  assets: Map<string, FooterAsset>;
  /** Variants whose file has problems, so a cobrand using one is told why rather than "no such variant". */
  broken: Set<string>;
}

export function readFooterVariants(dir: string): { footers: FooterCatalogue; problems: string[] } {
  const problems: string[] = [];
  const footers: FooterCatalogue = { variants: new Map(), assets: new Map(), broken: new Set() };
  if (!existsSync(dir))
    return { footers, problems: [`${dir}: no such folder (the footer variants sit beside the cobrands)`] };

  const assetsDir = join(dir, 'assets');
  const manifestFile = join(assetsDir, FOOTER_ASSETS_MANIFEST);
  const manifest = existsSync(manifestFile)
    ? readJson<Record<string, { name: string }>>(manifestFile, FooterAssetsSchema, problems)
    : {};
  for (const [file, { name }] of Object.entries(manifest ?? {})) {
    const version = assetVersion(join(assetsDir, file), true);
    if (version) footers.assets.set(file, { name, ...version });
    else problems.push(`${manifestFile}: /${file} names an image that is not in ${assetsDir}`);
  }

  const files = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort();
  for (const name of files) {
    const file = join(dir, name);
    const id = name.slice(0, -'.json'.length);
    if (!Value.Check(FooterVariantIdSchema, id)) {
      problems.push(`${file}: the variant id "${id}" must be lower-case letters, digits and dashes`);
      continue;
    }
    const before = problems.length;
    const variant = readJson<FooterVariant>(file, FooterVariantSchema, problems);
    if (!variant) {
      footers.broken.add(id);
      continue;
    }
    if (variant.cookieNoticeContextPrefix && !variant.links.includes('cookieNotice')) {
      problems.push(`${file}: /cookieNoticeContextPrefix needs "cookieNotice" in /links`);
    }
    for (const field of ['authorizationWarningLogo', 'poweredByLogo'] as const) {
      const logo = variant[field];
      if (logo !== null && !footers.assets.has(logo))
        problems.push(`${file}: /${field} "${logo}" is not an image listed in ${manifestFile}`);
    }
    if (problems.length === before) footers.variants.set(id, variant);
    else footers.broken.add(id);
  }
  if (!footers.variants.has(DEFAULT_FOOTER_VARIANT) && !footers.broken.has(DEFAULT_FOOTER_VARIANT)) {
    problems.push(`${join(dir, `${DEFAULT_FOOTER_VARIANT}.json`)}: the default footer variant is missing`);
  }
  return { footers, problems };
}
