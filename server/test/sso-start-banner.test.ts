/**
 * The start banner's single sign-on lines with real providers: a SAML cobrand is ready only when its provider's
 * metadata can be read (SimpleSAMLphp's, by address and as a file), and the banner says what is missing when it cannot
 * (an address nothing answers at, a page that is not metadata, a file that is not there).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import type { CobrandRecord } from '../src/cobrand/index.js';
import { checkProviders, readinessLines } from '../src/sso/index.js';
import { keyAndCertificate, type SimpleSamlPhp, startSimpleSamlPhp } from './simplesamlphp.js';

const sp = keyAndCertificate('portal-sp');
const dir = mkdtempSync(join(tmpdir(), 'banner-'));
let ssp: SimpleSamlPhp;

beforeAll(async () => {
  ssp = await startSimpleSamlPhp({ users: {}, serviceProviders: [] });
  writeFileSync(join(dir, 'idp.xml'), await (await fetch(ssp.metadataUrl)).text());
});

afterAll(() => {
  ssp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const saml = (name: string, source: Record<string, string>) =>
  ({
    cobrand: { name },
    identityProvider: { protocol: 'saml', spPrivateKeyEnv: 'SP_KEY', userAttribute: 'uid', ...source },
  }) as unknown as CobrandRecord;

it('says a SAML cobrand is ready only when its metadata can be read, and what is missing when it cannot', async () => {
  const closed = await freePort();
  const records = [
    saml('byurl', { idpMetadataUrl: ssp.metadataUrl }),
    saml('byfile', { idpMetadataFile: join(dir, 'idp.xml') }),
    saml('nobody', { idpMetadataUrl: `http://127.0.0.1:${closed}/metadata` }),
    saml('notmetadata', { idpMetadataUrl: `${ssp.base}/` }),
    saml('nofile', { idpMetadataFile: join(dir, 'missing.xml') }),
  ];
  const lines = readinessLines(await checkProviders(records, { SP_KEY: sp.key }));
  expect(lines[0]).toBe('Single sign-on ready: byurl (saml), byfile (saml)');
  const notReady = (name: string) => lines.find((l) => l.startsWith(`Single sign-on NOT ready for ${name} (saml): `));
  expect(notReady('nobody')).toContain(
    `the provider's metadata (http://127.0.0.1:${closed}/metadata) could not be read`,
  );
  expect(notReady('notmetadata')).toMatch(
    /the provider's metadata \(http:\/\/127\.0\.0\.1:\d+\/\) could not be read: /,
  );
  expect(notReady('nofile')).toContain(`the provider's metadata (${join(dir, 'missing.xml')}) could not be read: `);
  expect(lines).toHaveLength(4);
});
