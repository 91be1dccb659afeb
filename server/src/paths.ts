/** Where the service finds what ships beside it: the catalogue and bundles in data/, the built web app. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// From server/src (tsx) or server/dist (bundle) alike, the repository root is two levels up.
const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT =
  [resolve(here, '../..'), resolve(here, '../../..')].find((dir) => existsSync(join(dir, 'data', 'i18n'))) ??
  resolve(here, '../..');
export const CATALOGUE_DIR = join(REPO_ROOT, 'data', 'cobrands');
/** The footer variants sit beside the cobrands; their shared images in `assets/`. */
export const FOOTERS_DIR = join(REPO_ROOT, 'data', 'footers');
export const FOOTER_ASSETS_DIR = join(FOOTERS_DIR, 'assets');
export const I18N_DIR = join(REPO_ROOT, 'data', 'i18n');
/** The 10,000 most common passwords, one a line, most common first (docs/decisions.md). */
export const COMMON_PASSWORDS_FILE = join(REPO_ROOT, 'data', 'common-passwords.txt');
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');
