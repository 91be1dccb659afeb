/**
 * The platform's pages the sign-in page links to (§7's registration and application links, the cookie notice under
 * the portal context path): a stand-in page of the portal by default, the platform's own address when the deployment
 * names it (PLATFORM_ORIGIN), never the not-found page.
 */
import { PLATFORM_PAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

const QUERY = '?cobrandHost=skerrymoor&locale=en_US&nwflow=1';
const PAGE = { accept: 'text/html' };

describe('the platform pages', () => {
  let portal: TestApp;
  let deployed: TestApp;
  beforeAll(async () => {
    portal = await createTestApp('sqlite');
    deployed = await createTestApp('sqlite', { config: { platformOrigin: 'https://platform.bank.example' } });
  });
  afterAll(async () => {
    await portal.close();
    await deployed.close();
  });

  it.each(Object.entries(PLATFORM_PAGES))('serves a stand-in page for %s at %s', async (_page, path) => {
    const response = await portal.client().get(`${path}${QUERY}`, { headers: PAGE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/\/public-portal-ui\/static\/stand-in-[\w-]+\.js/);
  });

  it.each(Object.entries(PLATFORM_PAGES))(
    "sends %s to the platform's own address when one is set",
    async (_p, path) => {
      const response = await deployed.client().get(`${path}${QUERY}`, { headers: PAGE });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`https://platform.bank.example${path}${QUERY}`);
    },
  );
});
