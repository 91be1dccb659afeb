/** A copy of the shipped catalogue (cobrands and footers side by side) that a test may break. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CobrandEntry, CobrandTexts } from '@portal/contract';
import { CATALOGUE_DIR, FOOTERS_DIR } from '../src/paths.js';

export interface RawRecord {
  cobrand: CobrandEntry;
  locales: Record<string, string>;
  translations?: Record<string, CobrandTexts>;
  allowedOrigins: string[];
  identityProvider?: { protocol: string; [setting: string]: string };
  securityQuestions?: Record<string, Record<string, string>>;
}

export function catalogueCopy(): {
  root: string;
  cobrands: string;
  edit: (id: string, change: (record: RawRecord) => void) => void;
} {
  const root = mkdtempSync(join(tmpdir(), 'portal-catalogue-'));
  cpSync(CATALOGUE_DIR, join(root, 'cobrands'), { recursive: true });
  cpSync(FOOTERS_DIR, join(root, 'footers'), { recursive: true });
  const cobrands = join(root, 'cobrands');
  return {
    root,
    cobrands,
    edit: (id, change) => {
      const file = join(cobrands, id, 'cobrand.json');
      const record = JSON.parse(readFileSync(file, 'utf8')) as RawRecord;
      change(record);
      writeFileSync(file, JSON.stringify(record, null, 2));
    },
  };
}
