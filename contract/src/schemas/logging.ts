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
