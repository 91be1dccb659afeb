/**
 * Content-Security-Policy reports: every answer's policy names the report call, which takes both forms browsers send,
 * without the anti-forgery header, and logs each violation scrubbed and counts it in the metrics by directive; like
 * the other logging calls it is capped, checked and throttled.
 */
import { Paths, ServicePaths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { metricsOf } from '../app.js';
import { DIALECTS, expectErrorShape, withLoggedApp, type TestApp, type TestAppOverrides } from '../../test/harness.js';

interface CspRecord {
  level: number;
  msg: string;
  csp: Record<string, unknown>;
}

const withReportingApp = (
  dialect: (typeof DIALECTS)[number],
  overrides: TestAppOverrides,
  run: (t: TestApp, records: () => CspRecord[]) => Promise<void>,
) =>
  withLoggedApp(dialect, overrides, (t, lines) => run(t, () => lines.filter((r) => r.csp) as unknown as CspRecord[]));

/** What a browser posts: no anti-forgery header, no cookies, and its own media type. */
const report = (t: TestApp, mediaType: string, body: unknown) =>
  t.client().post(ServicePaths.cspReports, {
    payload: JSON.stringify(body),
    headers: { 'content-type': mediaType, 'x-requested-with': undefined },
    csrf: false,
  });

const LEVEL_2 = {
  'csp-report': {
    'document-uri': 'https://portal.example/public-portal-ui/login-signin-component?cobrandHost=skerrymoor',
    'blocked-uri': 'https://evil.example/steal.js?user=jane.doe@example.com&card=4111111111111111',
    'violated-directive': "script-src-elem 'self'",
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    'script-sample': 'password=Hunter-2-Secret',
    'line-number': 12,
    disposition: 'enforce',
  },
};

const REPORTING_API = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://portal.example/public-portal-ui/forgot-password-component',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://portal.example/public-portal-ui/forgot-password-component',
      blockedURL: 'inline',
      effectiveDirective: 'style-src-attr',
      disposition: 'enforce',
      lineNumber: 3,
    },
  },
  { type: 'csp-violation', body: { blockedURL: 'https://cdn.example/x.css', effectiveDirective: 'made-up-src' } },
  { type: 'deprecation', body: { id: 'something', message: 'old API' } },
];

const counted = async (t: TestApp, directive: string) => {
  const text = await metricsOf(t.app).metrics();
  return Number(new RegExp(`^portal_csp_reports_total\\{directive="${directive}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
};

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    it('names the report call in every policy, with report-to and report-uri', async () => {
      await withReportingApp(dialect, {}, async (t) => {
        const response = await t.client().get(Paths.cobrand('skerrymoor'));
        const policy = String(response.headers['content-security-policy']);
        expect(policy).toContain(`report-uri ${ServicePaths.cspReports}`);
        expect(policy).toMatch(/report-to csp(;|$)/);
        expect(response.headers['reporting-endpoints']).toBe(`csp="${ServicePaths.cspReports}"`);
      });
    });

    it('logs a report-uri report scrubbed, without the anti-forgery header, and counts it by directive', async () => {
      await withReportingApp(dialect, {}, async (t, records) => {
        expect(await counted(t, 'script-src-elem')).toBe(0);
        const response = await report(t, 'application/csp-report', LEVEL_2);
        expect(response.statusCode, response.body).toBe(204);
        await expect.poll(() => records().length).toBe(1);
        const [record] = records();
        expect(record!.level).toBe(40);
        expect(record!.csp).toMatchObject({ directive: 'script-src-elem', line: 12, disposition: 'enforce' });
        expect(record!.csp.blocked).toContain('https://evil.example/steal.js');
        const text = JSON.stringify(record);
        for (const secret of ['jane.doe@example.com', '4111111111111111', 'Hunter-2-Secret', 'cobrandHost=skerrymoor'])
          expect(text).not.toContain(secret);
        expect(text).not.toContain('original-policy');
        expect(await counted(t, 'script-src-elem')).toBe(1);
      });
    });

    it('takes the Reporting API list, logs only its CSP violations, and counts an unknown directive as other', async () => {
      await withReportingApp(dialect, {}, async (t, records) => {
        expect((await report(t, 'application/reports+json', REPORTING_API)).statusCode).toBe(204);
        await expect.poll(() => records().length).toBe(2);
        expect(records().map((r) => r.csp.directive)).toEqual(['style-src-attr', 'other']);
        expect(await counted(t, 'style-src-attr')).toBe(1);
        expect(await counted(t, 'other')).toBe(1);
        const text = await metricsOf(t.app).metrics();
        expect(text).not.toContain('made-up-src');
      });
    });

    it('refuses another media type (415), a bad shape (400), too many reports or bytes (400, 413), and throttles', async () => {
      await withReportingApp(dialect, { config: { rateLimitPerMinute: 5 } }, async (t, records) => {
        expectErrorShape(await report(t, 'text/plain', LEVEL_2), 415, 'unsupported.media.type');
        expectErrorShape(await report(t, 'application/csp-report', { report: 'x' }), 400);
        const many = Array.from({ length: 21 }, () => REPORTING_API[0]);
        expectErrorShape(await report(t, 'application/reports+json', many), 400);
        const big = { 'csp-report': { ...LEVEL_2['csp-report'], 'original-policy': 'x'.repeat(9000) } };
        expectErrorShape(await report(t, 'application/csp-report', big), 413, 'payload.too.large');
        expect((await report(t, 'application/csp-report', LEVEL_2)).statusCode).toBe(204);
        expectErrorShape(await report(t, 'application/csp-report', LEVEL_2), 429, 'throttled');
        expect(records().length).toBe(1);
      });
    });
  });
}
