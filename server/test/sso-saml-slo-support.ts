/**
 * The portal and a real SimpleSAMLphp (simplesamlphp.ts) set up for IdP-initiated sign-on and single logout: the bank
 * cobrand's record pointed at the provider, the portal registered there with its single logout address, users linked
 * by their `uid`, and a browser that carries messages between the provider and the portal (a test app's client).
 */
import { Paths, ServicePaths } from '@portal/contract';
import type { SamlProviderSchema } from '@portal/contract/schemas';
import type { Static } from 'typebox';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import {
  createTestApp,
  keptLog,
  TEST_PORTAL_SECRET,
  TestClock,
  type Dialect,
  type TestApp,
  type TestClient,
} from './harness.js';
import {
  keyAndCertificate,
  startSimpleSamlPhp,
  type KeyPair,
  type SimpleSamlPhp,
  type SspServiceProvider,
} from './simplesamlphp.js';
import { postToPortal, SspBrowser, type SamlPostForm } from './simplesamlphp/browser.js';
import { PUBLIC_ORIGIN } from './sso-support.js';

export const BANK = 'kestrelmark';
export const PASSWORD = 'Bank-Pass-2026';
export const SLO_URL = `${PUBLIC_ORIGIN}${ServicePaths.ssoSingleLogout(BANK)}`;
export const SP_ENTITY_ID = `${PUBLIC_ORIGIN}${Paths.ssoStart(BANK)}`;
type SamlRecord = Static<typeof SamlProviderSchema>;
/** How long the service's cobrand directory keeps a record (CACHE_MS in server/src/cobrand/cobrand-directory.ts). */
const DIRECTORY_CACHE_MS = 10_000;

/**
 * The portal as SimpleSAMLphp knows it: its sign-on answers and its single logout address, with `options`.
 * SimpleSAMLphp signs logout messages only when told to (`sign.logout`), and the portal takes none unsigned (the SAML
 * profiles require it of the front-channel bindings): docs/operations.md tells a bank's team so.
 */
export const portalSp = (sp: KeyPair, options: Partial<SspServiceProvider> = {}): SspServiceProvider => ({
  entityId: SP_ENTITY_ID,
  acsUrl: `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback(BANK)}`,
  sloUrl: SLO_URL,
  cert: sp.cert,
  ...options,
  extra: { 'sign.logout': true, ...options.extra },
});

export interface Bank {
  ssp: SimpleSamlPhp;
  t: TestApp;
  sp: KeyPair;
  /** The service's log lines (info and up). */
  log: Record<string, unknown>[];
  /** The bank's record with `changes`, read by the running service at its next request. */
  useRecord(changes: Partial<SamlRecord>): Promise<void>;
  /** `record` as the bank's record, whole (none of the fields above), read at the service's next request. */
  replaceRecord(record: SamlRecord): Promise<void>;
  close(): Promise<void>;
}

/** The record the tests start from: SimpleSAMLphp's entity ID, addresses and certificate named, users by `uid`. */
const testRecord = (ssp: SimpleSamlPhp, changes: Partial<SamlRecord>): SamlRecord => ({
  ...{ protocol: 'saml', idpEntityId: ssp.entityId, ssoUrl: ssp.ssoUrl, sloUrl: ssp.sloUrl },
  ...{ idpCertificateEnv: 'BANK_SAML_IDP_CERT', spPrivateKeyEnv: 'BANK_SAML_SP_KEY', userAttribute: 'uid' },
  ...changes,
});

async function importRecord(database: PortalDatabase, record: SamlRecord) {
  const { cobrands } = readCatalogue(CATALOGUE_DIR);
  const bank = cobrands.find(({ record }) => record.cobrand.name === BANK)!;
  bank.record.identityProvider = record;
  await new CobrandStore(database.db).importAll([bank], Date.now());
}

/**
 * SimpleSAMLphp with users `uids` (password PASSWORD), and a portal whose users `sso-<uid>` are linked to them. The
 * portal's clock starts at the real time: SimpleSAMLphp dates its messages by it.
 */
export async function startBank(uids: string[], dialect: Dialect = 'sqlite'): Promise<Bank> {
  const sp = keyAndCertificate('portal-sp');
  const users = Object.fromEntries(uids.map((uid) => [uid, { password: PASSWORD, attributes: { uid: [uid] } }]));
  const ssp = await startSimpleSamlPhp({ users, serviceProviders: [portalSp(sp)] });
  const { lines, logger } = keptLog('info');
  const t = await createTestApp(dialect, {
    env: { BANK_SAML_IDP_CERT: ssp.cert, BANK_SAML_SP_KEY: sp.key, BANK_SAML_SP_CERT: sp.cert },
    clock: new TestClock(Date.now()),
    logger,
    beforeStart: (database) => importRecord(database, testRecord(ssp, {})),
  });
  const accounts = new AccountStore(t.database.db);
  for (const uid of uids) {
    const details = { userId: `sso-${uid}`, email: `${uid}@example.com`, cobrand: BANK, password: 'Unused-Pass-2026' };
    await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, details, 1);
    const account = (await accounts.findByUserId(`sso-${uid}`))!;
    await new SsoStore(t.database.db).link(BANK, uid, account.id, Date.now());
  }
  return {
    ...{ ssp, t, sp, log: lines },
    useRecord: async (changes) => {
      await importRecord(t.database, testRecord(ssp, changes));
      t.clock.advance(DIRECTORY_CACHE_MS + 1);
    },
    replaceRecord: async (record) => {
      await importRecord(t.database, record);
      t.clock.advance(DIRECTORY_CACHE_MS + 1);
    },
    close: async () => {
      await t.close();
      ssp.stop();
    },
  };
}

/** The path and query of a portal address. */
export const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

/** A browser at the portal (the test app's client) and at SimpleSAMLphp (SspBrowser), sharing nothing with others. */
export class TwoSidedBrowser {
  readonly idp = new SspBrowser();

  constructor(
    readonly bank: Bank,
    readonly portal: TestClient = bank.t.client(),
  ) {}

  /** Signs `uid` in the way a cobrand's sign-in button does: at the portal first; answers where the portal sent it. */
  async signInFromPortal(uid: string): Promise<string> {
    const started = await this.portal.get(Paths.ssoStart(BANK), { browser: true });
    const form = await this.idp.signIn(started.headers.location as string, uid, PASSWORD);
    return (await postToPortal(this.portal, form)).headers.location as string;
  }

  /** SimpleSAMLphp's IdP-first sign-on (a tile in the bank's portal): the form it posts to the portal, not yet sent. */
  idpFirst(uid: string, spEntityId = SP_ENTITY_ID, relayState?: string): Promise<SamlPostForm> {
    const query = new URLSearchParams({ spentityid: spEntityId, ...(relayState ? { RelayState: relayState } : {}) });
    return this.idp.signIn(`${this.bank.ssp.base}/saml2/idp/SSOService.php?${query}`, uid, PASSWORD);
  }

  /** Follows SimpleSAMLphp's redirects from `url` to the first address outside it; or its page, where it shows one. */
  atProvider(url: string): Promise<{ url: string; page: string }> {
    return this.idp.follow(url, this.bank.ssp.base);
  }
}
