/**
 * The Content-Security-Policy report call: browsers post what the policy blocked, so a bank sees a broken or attacked
 * page. Like the other logging calls it takes input from anyone, so it is capped (8 KiB, 20 reports), throttled per
 * address and scrubbed; each violation is logged as a warning and counted by directive. Browsers send reports without
 * the page's anti-forgery header, and a forged report can only add a log line, so it is the one logging call that needs
 * none (http/csrf-guard.ts).
 */
import { ServicePaths } from '@portal/contract';
import { CSP_REPORT_LIMITS, CspReportBodySchema, NoBody } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContentType } from '../http/content-type.js';
import type { RouteThrottle } from '../security/throttle.js';
import { type CspReportCounts, violationsIn } from './csp-reports.js';
import { guard } from '../http/route-guard.js';

export interface CspReportRoutesOptions {
  counts: CspReportCounts;
  throttle: RouteThrottle;
}

/** `report-uri` posts one report as application/csp-report, `report-to` a list as application/reports+json. */
const MEDIA_TYPES = ['application/csp-report', 'application/reports+json'];

export const cspReportRoutes: FastifyPluginAsyncTypebox<CspReportRoutesOptions> = async (app, { counts, throttle }) => {
  // Both are JSON; the parsers are this plugin's own, so no other call takes these types.
  app.addContentTypeParser(MEDIA_TYPES, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    ServicePaths.cspReports,
    {
      schema: {
        operationId: 'cspReports',
        summary: 'Record Content-Security-Policy violation reports a browser sends',
        consumes: MEDIA_TYPES,
        body: CspReportBodySchema,
        response: { 204: NoBody('Recorded') },
      },
      bodyLimit: CSP_REPORT_LIMITS.bodyBytes,
      config: {
        ...throttle,
        ...guard({
          throttle: 'own',
          changes: false,
          csrf: 'none: browsers post reports on their own, without the token (http/csrf-guard.ts UNGUARDED_CALLS)',
        }),
      },
      preValidation: requireContentType(...MEDIA_TYPES),
    },
    async (request, reply) => {
      for (const violation of violationsIn(request.body)) {
        counts.count(violation.directive);
        request.log.warn({ csp: violation }, 'content security policy violation');
      }
      return reply.code(204).send(null);
    },
  );
};
