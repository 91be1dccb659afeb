/**
 * SAML with a pysaml2 identity provider with its defaults, whose NameID is transient unless asked for another: the
 * docs' SAML record, copied as it stands (`"userAttribute": "nameID"`), asks for a persistent one and gets it, so the
 * user can be linked and signs in.
 */
import { Paths, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { docsSamlRecord } from './docs-records.js';
import { createTestApp, keptLog, TEST_PORTAL_SECRET, type TestApp } from './harness.js';
import { Pysaml2Idp } from './pysaml2.js';
import { keyAndCertificate } from './simplesamlphp.js';
import { postToPortal } from './simplesamlphp/browser.js';

const COBRAND = 'greyhallow';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const sp = keyAndCertificate('portal-sp');
let idp: Pysaml2Idp;
let t: TestApp;
let logs: Record<string, unknown>[] = [];

async function pointAtPysaml2(database: PortalDatabase) {
  const { cobrands } = readCatalogue(CATALOGUE_DIR);
  const bank = cobrands.find(({ record }) => record.cobrand.name === COBRAND)!;
  bank.record.identityProvider = { ...docsSamlRecord(), idpMetadataUrl: idp.metadataUrl };
  await new CobrandStore(database.db).importAll([bank], Date.now());
}

beforeAll(async () => {
  idp = await new Pysaml2Idp().reserve();
  const logger = keptLog('info');
  logs = logger.lines;
  const record = docsSamlRecord();
  const env = { [record.spPrivateKeyEnv]: sp.key, [record.spCertificateEnv!]: sp.cert };
  t = await createTestApp('sqlite', { env, beforeStart: pointAtPysaml2, logger: logger.logger });
  // The IdP's team loads the portal's SP metadata from its address.
  await idp.start((await t.client().get(ServicePaths.ssoMetadata(COBRAND))).body, 'ana');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

async function signOn() {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(COBRAND), { browser: true });
  const form = await idp.answer(started.headers.location as string);
  const answer = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
  return { client, answer, location: (await postToPortal(client, form)).headers.location as string };
}

it('asks pysaml2 for a persistent NameID, which it sends instead of its transient default; the user is linked and signs in', async () => {
  const first = await signOn();
  expect(first.answer).toContain(`Format="${PERSISTENT}"`);
  expect(first.location).toBe(`/public-portal-ui/sso-no-account?cobrandHost=${COBRAND}`);
  const refusal = logs.filter((line) => line.msg === 'single sign-on refused').at(-1) as {
    received: { subject: string };
  };
  const accounts = new AccountStore(t.database.db);
  const fields = { userId: 'py-ana', email: 'py-ana@example.com', cobrand: COBRAND, password: 'Unused-Password-2026' };
  await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, fields, 1);
  const account = (await accounts.findByUserId('py-ana'))!;
  await new SsoStore(t.database.db).link(COBRAND, refusal.received.subject, account.id, Date.now());

  const { client, location } = await signOn();
  expect(location).toBe(`${Paths.platformHome}?cobrandHost=${COBRAND}`);
  expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'py-ana', cobrand: COBRAND });
});
