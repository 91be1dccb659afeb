/**
 * Security headers (ARCHITECTURE §6): a strict CSP with no inline code, HSTS, nosniff, a strict referrer policy, and
 * the rest of the set helmet sends with these options. They never vary, so they are written out once here rather
 * than built per request by @fastify/helmet, which re-parsed the CSP on every call and halved a hello-world's rate
 * (docs/benchmarks.md, figure 2). server/test/headers.test.ts checks the values on every kind of answer.
 */
import { ServicePaths } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

const CSP_REPORT_GROUP = 'csp';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  // Violations are reported to the service (logging/csp-report-routes.ts): report-to where the browser has the
  // Reporting API, report-uri where it has not (a browser that knows report-to ignores report-uri).
  `report-uri ${ServicePaths.cspReports}`,
  `report-to ${CSP_REPORT_GROUP}`,
].join(';');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'reporting-endpoints': `${CSP_REPORT_GROUP}="${ServicePaths.cspReports}"`,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // The browsers' old XSS auditor is itself a leak; 0 turns it off where it still exists.
  'x-xss-protection': '0',
});

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Set first, so an answer that needs another value (none does today) can still replace one.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  // Every answer that did not choose its own caching (pages, assets, bundles do) is never stored.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
