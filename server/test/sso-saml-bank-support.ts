/**
 * The portal and SimpleSAMLphp set up for each other: the kestrelmark cobrand pointed at the provider (its record
 * changed per test), the portal registered there as kestrelmark's service provider, and users linked to subjects.
 */
import { Paths, ServicePaths } from '@portal/contract';
import type { SamlProviderSchema } from '@portal/contract/schemas';
import type { Static } from 'typebox';
import { expect } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { TEST_PORTAL_SECRET, type TestApp, type TestClient } from './harness.js';
import type { KeyPair, SimpleSamlPhp, SspOptions, SspServiceProvider } from './simplesamlphp.js';
import { PUBLIC_ORIGIN } from './sso-support.js';

export const BANK = 'kestrelmark';
export const PASSWORD = 'Bank-Pass-2026';
type SamlRecord = Static<typeof SamlProviderSchema>;
/** How long the service's cobrand directory keeps a record (CACHE_MS in server/src/cobrand/cobrand-directory.ts). */
const DIRECTORY_CACHE_MS = 10_000;

/** The portal as SimpleSAMLphp knows it, with `options` for this SP (signing, encryption, NameID). */
export const portalSp = (sp: KeyPair, options: Partial<SspServiceProvider> = {}): SspServiceProvider => ({
  entityId: `${PUBLIC_ORIGIN}${Paths.ssoStart(BANK)}`,
  acsUrl: `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback(BANK)}`,
  cert: sp.cert,
  ...options,
});

/** SimpleSAMLphp's users ana and ben (uid and mail attributes), and the portal as its SP. */
export const bankProviders = (sp: KeyPair): SspOptions => ({
  users: Object.fromEntries(
    ['ana', 'ben'].map((uid) => [
      uid,
      { password: PASSWORD, attributes: { uid: [uid], mail: [`${uid}@bank.example`] } },
    ]),
  ),
  serviceProviders: [portalSp(sp)],
});

/** The bank cobrand's record pointed at SimpleSAMLphp, with `changes`; read by the service within the cache's time. */
export async function saml(database: PortalDatabase, ssp: SimpleSamlPhp, changes: Partial<SamlRecord>): Promise<void> {
  const { cobrands } = readCatalogue(CATALOGUE_DIR);
  const bank = cobrands.find(({ record }) => record.cobrand.name === BANK)!;
  bank.record.identityProvider = {
    protocol: 'saml',
    idpEntityId: ssp.entityId,
    ssoUrl: ssp.ssoUrl,
    sloUrl: ssp.sloUrl,
    idpCertificateEnv: 'BANK_SAML_IDP_CERT',
    spPrivateKeyEnv: 'BANK_SAML_SP_KEY',
    userAttribute: 'uid',
    ...changes,
  };
  await new CobrandStore(database.db).importAll([bank], Date.now());
}

/** Changes the bank's record in a running service (the directory's cache runs out on the test clock). */
export async function useRecord(t: TestApp, ssp: SimpleSamlPhp, changes: Partial<SamlRecord>): Promise<void> {
  await saml(t.database, ssp, changes);
  t.clock.advance(DIRECTORY_CACHE_MS + 1);
}

/** A portal user of the bank linked to `subject`. */
export async function linkUser(t: TestApp, userId: string, subject: string): Promise<void> {
  const accounts = new AccountStore(t.database.db);
  const keys = deriveKeys(TEST_PORTAL_SECRET);
  const details = { userId, email: `${userId}@example.com`, cobrand: BANK, password: 'Unused-Password-2026' };
  await createAccount(accounts, keys.userIdentity, details, 1);
  const account = (await accounts.findByUserId(userId))!;
  await new SsoStore(t.database.db).link(BANK, subject, account.id, Date.now());
}

/** A browser that starts the bank's sign-on at the portal, and the provider address it is sent to. */
export async function startSignOn(t: TestApp): Promise<{ client: TestClient; location: string }> {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(BANK), { browser: true });
  expect(started.statusCode).toBe(303);
  return { client, location: started.headers.location as string };
}

/** The service's last SSO refusal: the reason and what was received as logged, and the audit row's details. */
export async function lastRefusal(
  t: TestApp,
  lines: Record<string, unknown>[],
): Promise<{ reason: string; received: Record<string, string>; audit: Record<string, unknown> }> {
  const line = lines.filter((l) => l.msg === 'single sign-on refused').at(-1);
  expect(line).toBeDefined();
  const { reason, received } = line as { reason: string; received: Record<string, string> };
  const rows = await t.database.db
    .selectFrom('audit_event')
    .select('detail')
    .where('kind', '=', 'signin.failure')
    .execute();
  const audit = rows
    .map((row) => JSON.parse(row.detail ?? '{}') as Record<string, unknown>)
    .filter((detail) => detail.reason === reason)
    .at(-1);
  expect(audit).toBeDefined();
  return { reason, received, audit: audit! };
}
