/**
 * The admin API's bodies and answers for who may reach the admin listener: the console's operators and the API keys
 * (routes/access.ts), and the check of the deployment's cobrand catalogue before it is imported.
 */
import { CobrandNameSchema } from '@portal/contract/schemas';
import { Type, type Static } from 'typebox';
import { SCOPES, type Scope } from './api-keys.js';
import { Text, Time } from './schemas.js';

const Cobrands = Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'null: every cobrand' });
const CobrandList = Type.Array(CobrandNameSchema, {
  maxItems: 100,
  description: 'The cobrands it is limited to; none: every cobrand (only a caller of every cobrand gives that)',
});
const RoleSchema = Type.Union([Type.Literal('helpdesk'), Type.Literal('admin'), Type.Literal('auditor')]);
const ScopeSchema = Type.Unsafe<Scope>(Type.String({ enum: [...SCOPES] }));

export const OperatorSchema = Type.Object({
  name: Type.String(),
  role: RoleSchema,
  cobrands: Cobrands,
  failedAttempts: Type.Integer(),
  lockedAt: Type.Union([Time, Type.Null()]),
  createdAt: Time,
});
export const OperatorsSchema = Type.Object({ operators: Type.Array(OperatorSchema) });
export const OperatorParamsSchema = Type.Object({ name: Text(200) });
export const NewOperatorSchema = Type.Object(
  { name: Text(200), role: RoleSchema, cobrands: Type.Optional(CobrandList) },
  { additionalProperties: false },
);
export type NewOperatorInput = Static<typeof NewOperatorSchema>;
export const CreatedOperatorSchema = Type.Object({
  name: Type.String(),
  password: Type.String({ description: 'Generated; shown this once' }),
  otpauthUri: Type.String({ description: "The authenticator app's secret as an otpauth:// URI; shown this once" }),
});

export const ApiKeyListingSchema = Type.Object({
  name: Type.String(),
  scopes: Type.Array(ScopeSchema),
  cobrands: Cobrands,
  createdAt: Time,
  revokedAt: Type.Union([Time, Type.Null()]),
});
export const ApiKeysSchema = Type.Object({ keys: Type.Array(ApiKeyListingSchema) });
export const ApiKeyParamsSchema = Type.Object({ name: Text(64) });
export const NewApiKeySchema = Type.Object(
  {
    name: Text(64),
    scopes: Type.Array(ScopeSchema, { minItems: 1, maxItems: SCOPES.length }),
    cobrands: Type.Optional(CobrandList),
  },
  { additionalProperties: false },
);
export type NewApiKeyInput = Static<typeof NewApiKeySchema>;
export const CreatedApiKeySchema = Type.Object({
  name: Type.String(),
  key: Type.String({ description: 'The key; shown this once (the portal keeps only its HMAC)' }),
});

export const CatalogueCheckSchema = Type.Object({
  cobrands: Type.Array(Type.String(), { description: 'The cobrands the folder holds' }),
  problems: Type.Array(Type.String(), { description: 'What an import would refuse; none: it would load' }),
});
