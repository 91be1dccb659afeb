import { Type } from 'typebox';

/** Caps keep one call's record small whatever a client sends (the body limit is 16 KiB on top). */
export const LOG_LIMITS = { entries: 20, message: 2000, attributes: 10, key: 64, value: 500 } as const;

export const LogEntrySchema = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: LOG_LIMITS.message }),
    level: Type.Union([Type.Literal('DEBUG'), Type.Literal('INFO'), Type.Literal('ERROR')]),
    attributes: Type.Optional(
      Type.Array(
        Type.Object(
          {
            key: Type.String({ minLength: 1, maxLength: LOG_LIMITS.key }),
            value: Type.String({ maxLength: LOG_LIMITS.value }),
          },
          { additionalProperties: false },
        ),
        { maxItems: LOG_LIMITS.attributes },
      ),
    ),
  },
  { additionalProperties: false },
);

export const LogEntriesBodySchema = Type.Object(
  {
    logEntries: Type.Array(LogEntrySchema, { minItems: 1, maxItems: LOG_LIMITS.entries }),
  },
  { additionalProperties: false },
);

/** §7 logErrorStatement: the error text as a JSON string. */
export const ErrorStatementSchema = Type.String({ minLength: 1, maxLength: LOG_LIMITS.message });

/** Caps of a CSP violation report: a few URLs and a short sample each, and a handful of reports a call. */
export const CSP_REPORT_LIMITS = { reports: 20, url: 2048, text: 256, bodyBytes: 8 * 1024 } as const;

const url = Type.String({ maxLength: CSP_REPORT_LIMITS.url });
const text = Type.String({ maxLength: CSP_REPORT_LIMITS.text });
const position = Type.Integer({ minimum: 0, maximum: 10_000_000 });

/**
 * One violation as `report-uri` sends it (`application/csp-report`, CSP level 2). Fields a browser adds beyond these
 * are let through and ignored; the policy itself (`original-policy`) is the service's own and is not kept.
 */
export const CspReportUriBodySchema = Type.Object({
  'csp-report': Type.Object({
    'document-uri': Type.Optional(url),
    'blocked-uri': Type.Optional(url),
    'source-file': Type.Optional(url),
    'violated-directive': Type.Optional(text),
    'effective-directive': Type.Optional(text),
    'script-sample': Type.Optional(text),
    disposition: Type.Optional(text),
    'line-number': Type.Optional(position),
    'column-number': Type.Optional(position),
  }),
});

/** Violations as the Reporting API sends them for `report-to` (`application/reports+json`): a list of reports. */
export const CspReportToBodySchema = Type.Array(
  Type.Object({
    type: text,
    body: Type.Object({
      documentURL: Type.Optional(url),
      blockedURL: Type.Optional(url),
      sourceFile: Type.Optional(url),
      effectiveDirective: Type.Optional(text),
      sample: Type.Optional(text),
      disposition: Type.Optional(text),
      lineNumber: Type.Optional(position),
      columnNumber: Type.Optional(position),
    }),
  }),
  { minItems: 1, maxItems: CSP_REPORT_LIMITS.reports },
);

export const CspReportBodySchema = Type.Union([CspReportUriBodySchema, CspReportToBodySchema]);
