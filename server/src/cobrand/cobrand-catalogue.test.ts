/**
 * The shipped catalogue (§3 cobrands, §2 footer variants) and its administration: it imports with no problem, every
 * cobrand answers the footer its variant describes, a bad record stops the whole import with each bad field named,
 * an import reaches this process at once and other instances within the cache time, and `cobrands export` prints a
 * record back.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FOOTER_LINK_KEYS,
  LOGO_FORMATS,
  Paths,
  type Cobrand,
  type CobrandEntry,
  type FooterVariant,
} from '@portal/contract';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, importCatalogue } from '../bootstrap.js';
import { readCatalogue } from './catalogue.js';
import { CACHE_MS, CobrandDirectory } from './cobrand-directory.js';
import { CobrandStore } from './cobrand-store.js';
import { readFooterVariants } from './footer-variants.js';
import { CATALOGUE_DIR, FOOTERS_DIR } from '../paths.js';
import { catalogueCopy, type RawRecord } from '../../test/catalogue-copy.js';
import { DIALECTS, portalCli, createTestApp } from '../../test/harness.js';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const IDS = readdirSync(CATALOGUE_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const RECORDS = new Map(IDS.map((id) => [id, readJson<RawRecord>(join(CATALOGUE_DIR, id, 'cobrand.json'))]));
const VARIANTS = new Map(
  readdirSync(FOOTERS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), readJson<FooterVariant>(join(FOOTERS_DIR, f))]),
);
const CONTEXT_PATH = '/sdportal';

describe('the shipped catalogue', () => {
  // The header shows a logo in at most 240x48 CSS pixels and the footer its images 32 high (web/src/styles/portal.css):
  // twice that serves a high-density screen, more is bytes no screen shows (scripts/draw-logos.mjs draws them so).
  it('sizes every logo and footer image for the box it shows in, at most twice over and not blurred', () => {
    const images = [
      ...IDS.flatMap((id) =>
        LOGO_FORMATS.map((f) => join(CATALOGUE_DIR, id, `logo.${f}`)).filter((file) => existsSync(file)),
      ).map((file) => ({ file, box: { width: 240, height: 48 } })),
      ...readdirSync(join(FOOTERS_DIR, 'assets'))
        .filter((f) => /\.(png|jpg|gif)$/.test(f))
        .map((f) => ({ file: join(FOOTERS_DIR, 'assets', f), box: { width: Infinity, height: 32 } })),
    ];
    expect(images.length).toBeGreaterThan(57);
    const unfit = images.filter(({ file, box }) => {
      const { width = 0, height = 0 } = imageSize(readFileSync(file));
      const shown = Math.min(box.width / width, box.height / height, 1);
      return width * shown * 2 < width - 1 || (width < box.width && height < box.height);
    });
    expect(unfit.map(({ file }) => file)).toEqual([]);
  });

  it('reads with no problem: 57 cobrands, 35 footer variants and the default footer', () => {
    const { cobrands, problems } = readCatalogue(CATALOGUE_DIR);
    expect(problems).toEqual([]);
    expect(cobrands).toHaveLength(57);
    const { footers, problems: footerProblems } = readFooterVariants(FOOTERS_DIR);
    expect(footerProblems).toEqual([]);
    expect(footers.variants.size).toBe(36);
    expect(footers.variants.get('default')).toEqual({
      layout: 'inline',
      links: ['privacyPolicy'],
      showFooterMessage: false,
      authorizationWarningLogo: null,
      poweredByLogo: null,
      cookieNoticeContextPrefix: false,
    });
  });

  it('has exactly three variants that prefix the cookie-notice link with the portal context path, one per layout', () => {
    const prefixed = [...VARIANTS.values()].filter((v) => v.cookieNoticeContextPrefix);
    expect(prefixed).toHaveLength(3);
    expect(prefixed.map((v) => v.layout).sort()).toEqual(['columns', 'inline', 'stacked']);
    for (const variant of prefixed) expect(variant.links).toContain('cookieNotice');
  });

  it('uses every footer variant, and each optional part (message, authorization warning, powered-by) in several', () => {
    const used = new Set([...RECORDS.values()].map((r) => r.cobrand.footerVariant));
    expect([...VARIANTS.keys()].filter((id) => !used.has(id))).toEqual([]);
    const variants = [...VARIANTS.values()];
    expect(variants.filter((v) => v.showFooterMessage).length).toBeGreaterThan(3);
    expect(variants.filter((v) => v.authorizationWarningLogo).length).toBeGreaterThan(3);
    expect(variants.filter((v) => v.poweredByLogo).length).toBeGreaterThan(3);
    expect(new Set(variants.map((v) => v.layout))).toEqual(new Set(['inline', 'stacked', 'columns']));
  });

  it('keeps the demo cobrands: skerrymoor with every link, larchmere with neither registration, veltmoor with SSO', () => {
    const harbor = RECORDS.get('skerrymoor')!.cobrand;
    expect(VARIANTS.get(harbor.footerVariant)!.links).toEqual([...FOOTER_LINK_KEYS]);
    expect(harbor).toMatchObject({ companySelfRegisterSupported: true, prospectiveAccountApplicationSupported: true });
    const cedar = RECORDS.get('larchmere')!;
    expect(cedar.cobrand).toMatchObject({
      companySelfRegisterSupported: false,
      prospectiveAccountApplicationSupported: false,
      signInButtonLabel: 'Log in securely',
    });
    expect(Object.keys(cedar.locales)[0]).toBe('en_GB');
    expect(RECORDS.get('veltmoor')!.cobrand.fssoRedirectUrl).toBe('/sdportal/sso/veltmoor/start');
    expect(RECORDS.get('veltmoor')!.identityProvider).toMatchObject({
      protocol: 'oidc',
      clientSecretEnv: expect.any(String),
    });
    expect(RECORDS.get('kestrelmark')!.identityProvider).toMatchObject({ protocol: 'saml' });
    expect(RECORDS.get('default')!.cobrand.footerVariant).toBe('default');
    // §2: one cobrand has a special button label
    expect(
      [...RECORDS.values()].filter((r) => r.cobrand.signInButtonLabel !== null).map((r) => r.cobrand.name),
    ).toEqual(['larchmere']);
  });

  it('refuses a SAML provider that names neither its metadata nor its entity ID, sign-on address and certificate', () => {
    const copy = catalogueCopy();
    try {
      const saml = (r: RawRecord) => r.identityProvider as Record<string, unknown>;
      copy.edit('kestrelmark', (r) => {
        for (const field of ['idpEntityId', 'ssoUrl', 'idpCertificateEnv']) delete saml(r)[field];
      });
      const { problems } = readCatalogue(copy.cobrands);
      const file = join(copy.cobrands, 'kestrelmark', 'cobrand.json');
      const without = 'is required without idpMetadataUrl or idpMetadataFile';
      expect(problems).toEqual(
        ['idpEntityId', 'ssoUrl', 'idpCertificateEnv'].map((f) => `${file}: /identityProvider/${f} ${without}`),
      );
      copy.edit('kestrelmark', (r) => {
        Object.assign(saml(r), { idpMetadataUrl: 'https://idp.kestrelmark.example/metadata' });
      });
      expect(readCatalogue(copy.cobrands).problems).toEqual([]);
      copy.edit('kestrelmark', (r) => {
        Object.assign(saml(r), { idpMetadataFile: '/etc/portal/kestrelmark-idp.xml' });
      });
      expect(readCatalogue(copy.cobrands).problems).toEqual([
        `${file}: /identityProvider names both idpMetadataUrl and idpMetadataFile; name one`,
      ]);
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  });

  it('names only made-up addresses: every absolute address is on an .example domain', () => {
    for (const [id, record] of RECORDS) {
      const addresses = [...Object.values(record.cobrand), ...record.allowedOrigins].filter(
        (v): v is string => typeof v === 'string' && /^https?:\/\//.test(v),
      );
      for (const address of addresses)
        expect(new URL(address).hostname, `${id}: ${address}`).toMatch(/(^|\.)[a-z0-9-]+\.example$/);
    }
  });

  it('gives every cobrand its own abbreviation, a logo the client can find, a theme and a list of languages', () => {
    const abbreviations = new Set([...RECORDS.values()].map((r) => r.cobrand.abbreviation.toLowerCase()));
    expect(abbreviations.size).toBe(RECORDS.size);
    for (const id of IDS) {
      expect(
        ['jpg', 'png', 'gif'].some((format) => existsSync(join(CATALOGUE_DIR, id, `logo.${format}`))),
        `${id} logo`,
      ).toBe(true);
      expect(existsSync(join(CATALOGUE_DIR, id, 'theme.css')), `${id} theme`).toBe(true);
      expect(Object.keys(RECORDS.get(id)!.locales).length, `${id} languages`).toBeGreaterThan(0);
    }
    const formats = IDS.map((id) =>
      ['jpg', 'png'].find((format) => existsSync(join(CATALOGUE_DIR, id, `logo.${format}`))),
    );
    expect(formats.filter((f) => f === 'jpg').length).toBeGreaterThan(3);
  });
});

/** The footer a cobrand's record must carry, worked out here from the raw files rather than by the service's code. */
function expectedFooter(entry: CobrandEntry) {
  const variant = VARIANTS.get(entry.footerVariant)!;
  const assets = readJson<Record<string, { name: string }>>(join(FOOTERS_DIR, 'assets', 'assets.json'));
  const logo = (file: string) => ({
    logoUrl: expect.stringMatching(new RegExp(`^/sdportal/footers/assets/${file.replace('.', '\\.')}\\?v=[\\w-]{16}$`)),
    logoName: assets[file]!.name,
    logoWidth: expect.any(Number),
    logoHeight: 64,
  });
  return {
    layout: variant.layout,
    links: variant.links.map((key) => {
      const url = entry[`${key}Url`]!;
      return {
        key,
        text: entry[key],
        url: key === 'cookieNotice' && variant.cookieNoticeContextPrefix ? `${CONTEXT_PATH}${url}` : url,
      };
    }),
    copyrightMessage: entry.copyrightMessage,
    footerMessage: variant.showFooterMessage ? entry.footerMessage : null,
    authorizationWarning: variant.authorizationWarningLogo
      ? { text: entry.authorizationWarning, ...logo(variant.authorizationWarningLogo) }
      : null,
    poweredBy: variant.poweredByLogo ? { text: entry.poweredBy, ...logo(variant.poweredByLogo) } : null,
  };
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    it("answers every cobrand's record with the §3 fields and the footer its variant describes", async () => {
      const test = await createTestApp(dialect);
      try {
        const client = test.client();
        let prefixed = 0;
        for (const [id, { cobrand: entry }] of RECORDS) {
          const response = await client.get(Paths.cobrand(id));
          expect(response.statusCode, id).toBe(200);
          const { footer, ...fields } = response.json<Cobrand>();
          expect(fields, id).toEqual(entry);
          expect(footer, id).toEqual(expectedFooter(entry));
          if (footer.links.some((l) => l.key === 'cookieNotice' && l.url === `${CONTEXT_PATH}${entry.cookieNoticeUrl}`))
            prefixed += 1;
        }
        expect(prefixed).toBeGreaterThanOrEqual(3);
      } finally {
        await test.close();
      }
    });

    it('answers an import in this process at once, and another instance within the cache time, with a new ETag', async () => {
      const test = await createTestApp(dialect);
      const copy = catalogueCopy();
      try {
        const store = new CobrandStore(test.database.db);
        const here = new CobrandDirectory(store, test.clock.now);
        const elsewhere = new CobrandDirectory(store, test.clock.now);
        const client = test.client();
        const before = await client.get(Paths.cobrand('skerrymoor'));
        expect((await here.find('skerrymoor'))!.record.cobrand.appName).toBe('Skerrymoor Bank Commercial Card');
        expect((await elsewhere.find('skerrymoor'))!.record.cobrand.appName).toBe('Skerrymoor Bank Commercial Card');

        copy.edit('skerrymoor', (r) => {
          r.cobrand.appName = 'Skerrymoor Bank Card Centre';
          r.cobrand.termsOfUse = 'Website Terms';
        });
        await importCatalogue(test.database, copy.cobrands, { directory: here, now: test.clock.now() });

        expect((await here.find('skerrymoor'))!.record.cobrand.appName).toBe('Skerrymoor Bank Card Centre');
        expect((await elsewhere.find('skerrymoor'))!.record.cobrand.appName).toBe('Skerrymoor Bank Commercial Card');
        test.clock.advance(CACHE_MS);
        expect((await elsewhere.find('skerrymoor'))!.footers.en_US!.links[1]).toEqual({
          key: 'termsOfUse',
          text: 'Website Terms',
          url: 'https://www.skerrymoor.example/terms',
        });

        const after = await client.get(Paths.cobrand('skerrymoor'), {
          headers: { 'if-none-match': before.headers.etag as string },
        });
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(after.json<Cobrand>().appName).toBe('Skerrymoor Bank Card Centre');
      } finally {
        rmSync(copy.root, { recursive: true, force: true });
        await test.close();
      }
    });

    it('imports the catalogue again at start when the stored records predate the resolved footer', async () => {
      const test = await createTestApp(dialect);
      try {
        // A record as stored before footers were variants: the catalogue record alone, with an inline footer.
        const old = {
          ...RECORDS.get('skerrymoor'),
          cobrand: { name: 'skerrymoor', footer: { layout: 'inline', links: [] } },
        };
        await test.database.db
          .updateTable('cobrand')
          .set({ record: JSON.stringify(old), version: 'old' })
          .where('name', '=', 'skerrymoor')
          .execute();
        const store = new CobrandStore(test.database.db);
        expect(await store.isCurrentFormat()).toBe(false);
        await bootstrap(test.config, test.database, () => {});
        expect(await store.isCurrentFormat()).toBe(true);
        expect((await store.find('skerrymoor'))!.footers.en_US!.links).toHaveLength(8);
      } finally {
        await test.close();
      }
    });

    it("refuses a cobrand whose platform, SSO or logout address is on another cobrand's origin (checklist 37)", async () => {
      const test = await createTestApp(dialect);
      const copy = catalogueCopy();
      try {
        copy.edit('skerrymoor', (r) => {
          (r as RawRecord & { platformHomeUrl: string }).platformHomeUrl = 'https://www.hollinsgate.example/home';
        });
        copy.edit('larchmere', (r) => {
          r.cobrand.fssoLogoutUrl = 'https://www.skerrymoor.example/logout';
        });
        const failure = await importCatalogue(test.database, copy.cobrands).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(failure).toContain(
          `${join(copy.cobrands, 'skerrymoor', 'cobrand.json')}: /platformHomeUrl "https://www.hollinsgate.example/home"`,
        );
        expect(failure).toContain(
          `${join(copy.cobrands, 'larchmere', 'cobrand.json')}: /cobrand/fssoLogoutUrl "https://www.skerrymoor.example/logout"`,
        );
      } finally {
        rmSync(copy.root, { recursive: true, force: true });
        await test.close();
      }
    });

    it('imports nothing when any record is bad, and names each bad field by file and field', async () => {
      const test = await createTestApp(dialect);
      const copy = catalogueCopy();
      try {
        copy.edit('skerrymoor', (r) => {
          r.cobrand.appName = 'Changed';
          r.cobrand.termsOfUseUrl = 'http://www.skerrymoor.example/terms';
        });
        copy.edit('larchmere', (r) => {
          r.cobrand.footerVariant = 'no-such-variant';
        });
        copy.edit('veltmoor', (r) => {
          r.cobrand.security = null;
          r.cobrand.signInToLabel = '';
        });
        copy.edit('alderquay', (r) => {
          r.cobrand.disclaimerUrl = '//elsewhere.example/x';
          r.allowedOrigins.push('ftp://files.example');
        });
        cpSync(join(copy.cobrands, 'default'), join(copy.cobrands, 'newbank'), { recursive: true });
        copy.edit('newbank', (r) => {
          r.cobrand.name = 'newbank';
          r.cobrand.abbreviation = 'NEWB';
        });
        writeFileSync(
          join(copy.root, 'footers', 'broken.json'),
          JSON.stringify({ ...VARIANTS.get('default'), links: ['privacyPolicy', 'faq'], poweredByLogo: 'missing.png' }),
        );

        const failure = await importCatalogue(test.database, copy.cobrands).then(
          () => null,
          (error: Error) => error.message,
        );
        const file = (id: string) => join(copy.cobrands, id, 'cobrand.json');
        const expected = [
          `${file('skerrymoor')}: /cobrand/termsOfUseUrl "http://www.skerrymoor.example/terms" must be https:// or a path starting with one "/"`,
          `${file('larchmere')}: /cobrand/footerVariant "no-such-variant" is not a footer variant`,
          `${file('veltmoor')}: /cobrand/signInToLabel`,
          `${file('alderquay')}: /allowedOrigins/1`,
          `${join(copy.root, 'footers', 'broken.json')}: /links/1`,
        ];
        for (const line of expected) expect(failure).toContain(line);
        expect(failure).toMatch(/nothing was imported/);

        // Fixing the schema errors reveals the checks that need a readable record.
        copy.edit('veltmoor', (r) => {
          r.cobrand.signInToLabel = 'Sign in to';
        });
        copy.edit('alderquay', (r) => {
          r.allowedOrigins.pop();
        });
        const second = await importCatalogue(test.database, copy.cobrands).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(second).toContain(
          `${file('veltmoor')}: /cobrand/security is required by footer variant "privacy-security"`,
        );
        expect(second).toContain(
          `${file('alderquay')}: /cobrand/disclaimerUrl "//elsewhere.example/x" must be https:// or a path starting with one "/"`,
        );

        const store = new CobrandStore(test.database.db);
        expect(await store.find('newbank')).toBeNull();
        expect((await store.find('skerrymoor'))!.record.cobrand.appName).toBe('Skerrymoor Bank Commercial Card');
        expect((await store.list()).length).toBe(57);
      } finally {
        rmSync(copy.root, { recursive: true, force: true });
        await test.close();
      }
    });
  });
}

describe('portal cobrands commands', () => {
  let dataDir: string;
  const portal = (...args: string[]) => portalCli(dataDir, args);
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-cobrands-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports the catalogue, lists every cobrand, and exports a record exactly as its cobrand.json holds it', () => {
    expect(portal('cobrands', 'import').stdout).toContain('Imported 57 cobrands:');
    expect(portal('cobrands', 'list').stdout.trim().split('\n')).toHaveLength(57);
    const exported = portal('cobrands', 'export', 'larchmere');
    expect(exported.status).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual(RECORDS.get('larchmere'));
  });

  it('refuses to export an unknown cobrand with the usage, exiting 2', () => {
    for (const args of [
      ['cobrands', 'export', 'no-such-bank'],
      ['cobrands', 'export'],
    ]) {
      const result = portal(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/no cobrand "no-such-bank"|a cobrand name is required/);
      expect(result.stderr).toContain('Usage: npm run portal -- <command>');
    }
  });

  it('reports every bad field of a bad catalogue by file and field, exits 1, and leaves the cobrands as they were', () => {
    const copy = catalogueCopy();
    try {
      copy.edit('skerrymoor', (r) => {
        r.cobrand.appName = 'Changed';
        r.cobrand.privacyPolicyUrl = 'javascript:alert(1)';
      });
      copy.edit('wrenfold', (r) => {
        r.cobrand.footerVariant = 'gone';
      });
      const result = portal('cobrands', 'import', copy.cobrands);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('The cobrand catalogue has problems (2); nothing was imported');
      expect(result.stderr).toContain(
        `${join(copy.cobrands, 'skerrymoor', 'cobrand.json')}: /cobrand/privacyPolicyUrl "javascript:alert(1)" must be https://`,
      );
      expect(result.stderr).toContain(
        `${join(copy.cobrands, 'wrenfold', 'cobrand.json')}: /cobrand/footerVariant "gone" is not a footer variant`,
      );
      expect(JSON.parse(portal('cobrands', 'export', 'skerrymoor').stdout).cobrand.appName).toBe(
        'Skerrymoor Bank Commercial Card',
      );
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  });
});
