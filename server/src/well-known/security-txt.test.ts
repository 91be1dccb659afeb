/** /.well-known/security.txt as RFC 9116 asks: Contact and Expires as configured, or 404 with no contact. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DIALECTS, createTestApp, expectErrorShape } from '../../test/harness.js';
import { SECURITY_TXT_PATH } from './index.js';

const configured = loadConfig({
  SECURITY_CONTACT: 'mailto:security@bank.example,https://bank.example/report',
  SECURITY_TXT_EXPIRES: '2099-06-30T00:00:00Z',
  PUBLIC_ORIGIN: 'https://portal.bank.example',
}).securityTxt;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    it('publishes the configured contacts and expiry, with its canonical address, as plain text', async () => {
      const t = await createTestApp(dialect, {
        config: { securityTxt: configured, publicOrigin: 'https://portal.bank.example' },
      });
      try {
        const response = await t.client().get(SECURITY_TXT_PATH, { browser: true });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.body).toBe(
          [
            'Contact: mailto:security@bank.example',
            'Contact: https://bank.example/report',
            'Expires: 2099-06-30T00:00:00Z',
            'Canonical: https://portal.bank.example/.well-known/security.txt',
            'Preferred-Languages: en',
            '',
          ].join('\n'),
        );
      } finally {
        await t.close();
      }
    });

    it('answers 404 in the error shape when the deployment names no contact', async () => {
      const t = await createTestApp(dialect);
      try {
        expectErrorShape(await t.client().get(SECURITY_TXT_PATH), 404, 'not.found');
      } finally {
        await t.close();
      }
    });
  });
}
