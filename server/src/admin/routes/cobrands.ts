/**
 * /admin/v1/cobrands: the cobrands a key covers, their records, and the import of the deployment's catalogue;
 * /admin/v1/catalogue: that catalogue checked, loading nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import { CatalogueCheckSchema } from '../access-schemas.js';
import { CobrandParamsSchema, CobrandRecordAnswer, CobrandsSchema, ImportedSchema } from '../schemas.js';

const tags = ['cobrands'];

export const cobrandRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations },
) => {
  const cobrands = operations.cobrands;

  app.get(
    '/cobrands',
    {
      preHandler: requireScope('cobrands:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'listCobrands',
        summary: 'The cobrands the key covers',
        tags,
        response: { 200: CobrandsSchema },
      },
    },
    async (request) => ({ cobrands: await cobrands.list(scopeOf(request)) }),
  );

  app.get(
    '/cobrands/:name',
    {
      preHandler: requireScope('cobrands:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'getCobrand',
        summary: "A cobrand's catalogue record",
        tags,
        params: CobrandParamsSchema,
        response: { 200: CobrandRecordAnswer },
      },
    },
    async (request) => cobrands.get(scopeOf(request), request.params.name),
  );

  app.post(
    '/cobrands/import',
    {
      // The catalogue is the whole deployment's: a key limited to some cobrands may not load it.
      preHandler: requireScope('cobrands:write', undefined, true),
      config: ADMIN_CHANGE,
      schema: {
        operationId: 'importCobrands',
        tags,
        response: { 200: ImportedSchema },
        summary:
          "Validate and load the deployment's catalogue folder; nothing is loaded when any record is bad (400, each problem listed)",
      },
    },
    async (request) => ({ imported: await cobrands.importCatalogue(keyOrigin(request)) }),
  );

  app.get(
    '/catalogue',
    {
      // The deployment's whole catalogue, as an import would load it: for a caller who may import it.
      preHandler: requireScope('cobrands:write', undefined, true),
      config: ADMIN_READ,
      schema: {
        operationId: 'checkCatalogue',
        tags,
        response: { 200: CatalogueCheckSchema },
        summary:
          "Validate the deployment's catalogue folder as an import would, loading nothing: its cobrands and problems",
      },
    },
    async () => cobrands.checkCatalogue(),
  );
};
