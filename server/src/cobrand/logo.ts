/** The absolute address of a cobrand's logo, for mail, found in the order the browser probes (§7: jpg, png, gif). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_FORMATS, Paths } from '@portal/contract';

export type LogoUrlFor = (cobrand: string) => string | null;

export const logoUrlFinder =
  (catalogueDir: string, publicOrigin: string): LogoUrlFor =>
  (cobrand) => {
    const format = LOGO_FORMATS.find((f) => existsSync(join(catalogueDir, cobrand, `logo.${f}`)));
    return format ? `${publicOrigin}${Paths.cobrandAssets(cobrand)}logo.${format}` : null;
  };
