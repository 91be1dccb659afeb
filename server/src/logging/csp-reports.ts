/**
 * Content-Security-Policy violation reports, in either of the two forms browsers send, made into one record each:
 * every field a page or a visitor can fill is scrubbed as the browser logs are (security/scrub.ts), and the directive
 * that was broken is counted for the metrics under a name from a fixed set, so no report can add a series.
 */
import type { CspReportBodySchema } from '@portal/contract/schemas';
import type { Static } from 'typebox';
import { scrubText } from '../security/scrub.js';

export type CspReportBody = Static<typeof CspReportBodySchema>;

export interface CspViolation {
  directive: string;
  blocked: string | null;
  document: string | null;
  source: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
  disposition: string | null;
}

/** The directives a report may name as its metric label; any other is counted as `other`. */
const DIRECTIVES = [
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'form-action',
  'frame-ancestors',
  'frame-src',
  'object-src',
  'base-uri',
  'worker-src',
  'manifest-src',
  'media-src',
  'other',
] as const;
const KNOWN = new Set<string>(DIRECTIVES);

/** Counts of reports by directive, kept by the instance and read by the metrics at each scrape. */
export class CspReportCounts {
  readonly byDirective = new Map<string, number>(DIRECTIVES.map((d) => [d, 0]));

  count(directive: string): void {
    this.byDirective.set(directive, (this.byDirective.get(directive) ?? 0) + 1);
  }
}

const scrubbed = (value: string | undefined) => (value === undefined || value === '' ? null : scrubText(value));

/** `violated-directive` of level 2 carries the directive's sources after its name ("script-src 'self'"). */
const directiveOf = (value: string | undefined) => {
  const name = (value ?? '').trim().split(/\s+/)[0]!.toLowerCase();
  return KNOWN.has(name) ? name : 'other';
};

export function violationsIn(body: CspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        directive: directiveOf(r['effective-directive'] ?? r['violated-directive']),
        blocked: scrubbed(r['blocked-uri']),
        document: scrubbed(r['document-uri']),
        source: scrubbed(r['source-file']),
        line: r['line-number'] ?? null,
        column: r['column-number'] ?? null,
        sample: scrubbed(r['script-sample']),
        disposition: scrubbed(r.disposition),
      },
    ];
  }
  // The Reporting API may bundle other kinds of report (deprecation, intervention) for the same endpoint.
  return body
    .filter((report) => report.type === 'csp-violation')
    .map(({ body: r }) => ({
      directive: directiveOf(r.effectiveDirective),
      blocked: scrubbed(r.blockedURL),
      document: scrubbed(r.documentURL),
      source: scrubbed(r.sourceFile),
      line: r.lineNumber ?? null,
      column: r.columnNumber ?? null,
      sample: scrubbed(r.sample),
      disposition: scrubbed(r.disposition),
    }));
}
