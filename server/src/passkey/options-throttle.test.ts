/**
 * The passkey sign-in options count on their own budget per client address (PASSKEY_OPTIONS_PER_MINUTE): the sign-in
 * page asks for them as it loads, which must neither spend the sign-in calls' budget nor be refused within it.
 */
import { PasskeyPaths, Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DIALECTS, expectErrorShape, type TestApp, useFreshTestApp } from '../../test/harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, { config: { rateLimitPerMinute: 2, passkeyOptionsPerMinute: 5 } }, (app) => (t = app));

    it('answers five options calls in a minute beside the sign-in calls, and the sixth with 429 and Retry-After', async () => {
      const client = await t.client({ remoteAddress: '198.51.100.21' }).openPage();
      const options = () => client.post(PasskeyPaths.signInOptions);
      const lookup = () => client.get(`${Paths.loginInfo}?username=demopass`);
      for (let i = 1; i <= 2; i += 1) {
        expect((await options()).statusCode, `options ${i}`).toBe(200);
        expect((await lookup()).statusCode, `login info ${i}`).toBe(200);
      }
      // The sign-in calls' budget is spent; the options' is not.
      expectErrorShape(await lookup(), 429, 'throttled');
      for (let i = 3; i <= 5; i += 1) expect((await options()).statusCode, `options ${i}`).toBe(200);

      const sixth = await options();
      expectErrorShape(sixth, 429, 'throttled');
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
}
