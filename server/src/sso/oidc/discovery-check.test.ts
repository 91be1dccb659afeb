import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OidcSettings } from '../providers.js';
import { discoveryProblem, discoveryUrl } from './discovery-check.js';

/** A provider that takes the connection and never answers (a hung process, a firewall that drops). */
let silent: Server;
let base: string;

beforeAll(async () => {
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

const record = (issuer: string) =>
  ({ protocol: 'oidc', issuer, clientId: 'card-portal', scopes: 'openid', userClaim: 'sub' }) as OidcSettings;

it('looks for the document after the issuer path, as openid-client does, with or without a trailing /', () => {
  expect(discoveryUrl('https://login.bank.example')).toBe(
    'https://login.bank.example/.well-known/openid-configuration',
  );
  expect(discoveryUrl('https://idp.bank.example/')).toBe('https://idp.bank.example/.well-known/openid-configuration');
  expect(discoveryUrl('https://idp.bank.example/api/oidc')).toBe(
    'https://idp.bank.example/api/oidc/.well-known/openid-configuration',
  );
});

it('gives up on a provider that never answers, and says so', async () => {
  expect(await discoveryProblem(record(base), 200)).toBe(
    `the provider's discovery document (${base}/.well-known/openid-configuration) could not be read: ` +
      'no answer within 0.2 s',
  );
});

it('leaves a plain-http issuer elsewhere than this machine to the settings check, and reads nothing', async () => {
  expect(await discoveryProblem(record('http://idp.bank.example'))).toBeNull();
});
