/**
 * The shipped cobrand catalogue imported with some records changed, as an operator would (`portal cobrands import`):
 * a test that needs a cobrand set up otherwise changes it, and imports the catalogue as shipped when it is done.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Paths, type Cobrand, type CobrandRecord } from '@portal/contract';
import { portal } from './admin';
import { baseUrl } from './browser';

const data = fileURLToPath(new URL('../../data', import.meta.url));

/** What of a record the running service answers with, to tell the imported one from the one before. */
async function served(name: string): Promise<unknown> {
  const get = async <T>(path: string) => (await (await fetch(`${baseUrl()}${path}`)).json()) as T;
  const cobrand = await get<Cobrand>(Paths.cobrand(name));
  const locales = await get<Record<string, string>>(Paths.cobrandLocales(name));
  return { passkeys: cobrand.passkeys ?? 'off', recoveryCodes: cobrand.recoveryCodes ?? 'off', locales };
}

/**
 * Imports the shipped catalogue with `change` made to the records of `names` (none: as shipped), and waits until the
 * running service answers with them: it reads the catalogue again once its short cache has run out.
 */
export async function importCatalogue(names: string[], change: (record: CobrandRecord) => void = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-catalogue-'));
  try {
    cpSync(join(data, 'cobrands'), join(dir, 'cobrands'), { recursive: true });
    cpSync(join(data, 'footers'), join(dir, 'footers'), { recursive: true });
    const records = names.map((name) => {
      const file = join(dir, 'cobrands', name, 'cobrand.json');
      const record = JSON.parse(readFileSync(file, 'utf8')) as CobrandRecord;
      change(record);
      writeFileSync(file, JSON.stringify(record, null, 2));
      return record;
    });
    portal('cobrands', 'import', join(dir, 'cobrands'));
    // Polled by hand: a test's hooks change the catalogue too, where expect.poll is not to be had.
    for (const { cobrand, locales } of records) {
      const expected = { passkeys: cobrand.passkeys ?? 'off', recoveryCodes: cobrand.recoveryCodes ?? 'off', locales };
      for (let tries = 0; !isDeepStrictEqual(await served(cobrand.name), expected); tries++) {
        if (tries === 150) throw new Error(`The service did not take up the imported ${cobrand.name} within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
