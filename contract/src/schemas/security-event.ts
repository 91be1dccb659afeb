/**
 * A security event as the portal sends it to a bank's SIEM (signed webhooks or syslog): one audit event, the same
 * bytes on every try. Published as JSON Schema in contract/schemas/security-event.v1.json; a change that a receiver
 * could trip on is a new version (`version`), never an edit of this one.
 */
import { Type, type Static } from 'typebox';

export const SECURITY_EVENT_VERSION = 1;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const SecurityEventSchema = Type.Object(
  {
    version: Type.Literal(SECURITY_EVENT_VERSION, { description: 'The version of this shape.' }),
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "The audit event's ID: the same on every delivery of the event, so a receiver drops repeats by it.",
    }),
    type: Type.String({
      pattern: '^[a-z]+(\\.[a-z]+)+$',
      description: 'What happened: signin.success, signin.failure, account.locked, password.changed, ...',
    }),
    time: Type.String({ format: 'date-time', description: 'When it happened (RFC 3339, UTC, milliseconds).' }),
    outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')], {
      description: 'failure for a refusal (a wrong password, a refused recovery or logout); success otherwise.',
    }),
    method: Nullable(
      Type.Union([Type.Literal('password'), Type.Literal('token'), Type.Literal('sso'), Type.Literal('admin')], {
        description:
          "How the user proved who they are (the sign-in step, else the account's kind), or admin for a change made by an administrator; null when no account is known.",
      }),
    ),
    account: Nullable(
      Type.Object(
        {
          id: Type.String({ description: "The portal's internal account ID (stable)." }),
          userId: Type.String({ description: 'The user ID the user signs in with.' }),
        },
        { additionalProperties: false },
      ),
    ),
    cobrand: Nullable(Type.String({ description: "The account's cobrand (or the one the request named)." })),
    client: Type.Object(
      {
        address: Nullable(
          Type.String({ description: "The client's address as the portal sees it (behind trusted proxies)." }),
        ),
        userAgent: Nullable(
          Type.String({ maxLength: 256, description: "The client's User-Agent header, cut to 256 characters." }),
        ),
      },
      { additionalProperties: false },
    ),
    actor: Nullable(
      Type.String({ description: 'The administrator who made the change (`cli:<login>`); null for the user.' }),
    ),
    detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
      description: 'What the audit records beside (a reason, a count, a step); never a secret.',
    }),
  },
  {
    $id: 'urn:portal:schema:security-event:v1',
    title: 'Security event',
    additionalProperties: false,
  },
);
export type SecurityEvent = Static<typeof SecurityEventSchema>;
