/** The absolute address of a cobrand's logo, for mail, found in the order the browser probes (§7: jpg, png, gif). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_FORMATS, Paths } from '@portal/contract';
import type { CobrandDirectory } from './cobrand-directory.js';
import { cobrandIn } from './cobrand-texts.js';

export type LogoUrlFor = (cobrand: string) => string | null;

export const logoUrlFinder =
  (catalogueDir: string, publicOrigin: string): LogoUrlFor =>
  (cobrand) => {
    const format = LOGO_FORMATS.find((f) => existsSync(join(catalogueDir, cobrand, `logo.${f}`)));
    return format ? `${publicOrigin}${Paths.cobrandAssets(cobrand)}logo.${format}` : null;
  };

/**
 * What a mail shows of a cobrand, in the mail's language: its name and its logo's address. Handed to the mail
 * infrastructure by the composition (mail/ imports no capability).
 */
export const mailBrand =
  (cobrands: Pick<CobrandDirectory, 'resolve'>, logoUrlFor: LogoUrlFor) =>
  async (name: string, locale: string | undefined) => {
    const { record } = await cobrands.resolve(name);
    return { appName: cobrandIn(record, locale ?? '').appName, logoUrl: logoUrlFor(record.cobrand.name) };
  };
