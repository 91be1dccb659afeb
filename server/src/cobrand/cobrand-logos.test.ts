/**
 * Every logo and footer image shows its text: none holds the empty boxes a browser draws for characters its font
 * lacks (the four CJK banks' names once did). The committed images are read as they are, so the check needs no font.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_FORMATS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_DIR, FOOTERS_DIR } from '../paths.js';
import { countEmptyBoxes } from '../../test/empty-boxes.js';

const logos = readdirSync(CATALOGUE_DIR)
  .flatMap((id) => LOGO_FORMATS.map((format) => join(CATALOGUE_DIR, id, `logo.${format}`)))
  .filter((file) => existsSync(file) && !file.endsWith('.gif'));
const footerImages = readdirSync(join(FOOTERS_DIR, 'assets'))
  .filter((file) => file.endsWith('.png'))
  .map((file) => join(FOOTERS_DIR, 'assets', file));

describe('the catalogue images', () => {
  it('draw every character of their text, in every script', () => {
    expect(logos.length).toBeGreaterThanOrEqual(57);
    const withBoxes = [...logos, ...footerImages].filter((file) => countEmptyBoxes(file) > 0);
    expect(withBoxes.map((file) => file.slice(file.indexOf('data/')))).toEqual([]);
  });

  it('find the empty boxes of a name drawn without its font', () => {
    const before = join(import.meta.dirname, '../../test/fixtures/logo-without-cjk-font.png');
    expect(countEmptyBoxes(before)).toBe(5);
  });
});
