/**
 * §7 cobrand calls: the record (with its resolved footer), its languages, its stylesheet and the abbreviation lookup;
 * plus the logo and theme files, and the footer variants' shared images.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  COBRAND_ASSETS_BASE,
  ErrorCodes,
  FOOTER_ASSETS_BASE,
  PathPatterns,
  Paths,
  languageTag,
  type Cobrand,
} from '@portal/contract';
import {
  CobrandLocalesSchema,
  CobrandParamsSchema,
  CobrandSchema,
  NoBody,
  StylesheetLookupSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CobrandDirectory } from './cobrand-directory.js';
import type { StoredCobrand } from './cobrand-store.js';
import { assetVersion } from './asset-versions.js';
import { cobrandRecordIn } from './page-cobrand.js';
import { requestLocale } from '../http/request-locale.js';
import { textAnswer } from '../http/content-type.js';
import { ApiError } from '../http/api-error.js';
import { memoryFiles } from '../http/memory-files.js';
import { PreparedAnswers, sendPrepared } from '../http/prepared-answer.js';
import { FOOTER_ASSETS_DIR } from '../paths.js';
import { PAGE_READ } from '../http/route-guard.js';

export interface CobrandRoutesOptions {
  cobrands: CobrandDirectory;
  catalogueDir: string;
  footerAssetsDir?: string;
}

/** The route's own response serialiser (fast-json-stringify, from the schema): only the schema's fields go out. */
const serialize = (reply: FastifyReply, value: unknown, schema: TSchema): string =>
  reply.serializeInput(value as Record<string, unknown>, schema as unknown as Record<string, unknown>);

/** Browser-style codes are welcome (`de-DE`, `pt-BR`): the nearest of the cobrand's languages answers. */
const LocaleQuerySchema = Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) });

const ABBREVIATION_SCHEMA = {
  operationId: 'cobrandAbbreviation',
  summary: "A cobrand's name for its abbreviation, as text",
  querystring: Type.Object({ cobrandAbbr: Type.String({ minLength: 1, maxLength: 16 }) }),
  response: { 200: textAnswer(Type.String({ description: 'The cobrand name' })) },
};
/** Both answers carry an ETag, and a copy the browser holds that is still current gets 304 (prepared-answer.ts). */
const NOT_MODIFIED = NoBody('The copy the browser holds is current (ETag)');
const RECORD_SCHEMA = {
  operationId: 'cobrand',
  summary: "A cobrand's record, in the language asked for",
  params: CobrandParamsSchema,
  querystring: LocaleQuerySchema,
  response: { 200: CobrandSchema, 304: NOT_MODIFIED },
};
const LOCALES_SCHEMA = {
  operationId: 'cobrandLocales',
  summary: "A cobrand's languages, its default first",
  params: CobrandParamsSchema,
  response: { 200: CobrandLocalesSchema, 304: NOT_MODIFIED },
};
const STYLESHEET_SCHEMA = {
  operationId: 'cobrandStylesheet',
  summary: "Where a cobrand's theme is, if it has one",
  params: CobrandParamsSchema,
  response: { 200: StylesheetLookupSchema },
};
const notFound = () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
const PUBLIC_FILES = /^[a-z0-9._-]+\/(logo\.(jpg|png|gif)|theme\.css)$/;
const FOOTER_IMAGES = /^[a-z0-9][a-z0-9._-]*\.(jpg|png|gif)$/;

/**
 * A logo or theme asked for by its version (the address a page names) never changes: kept for good. One asked for by
 * an older version, or none, keeps the hour.
 */
function keepVersionedFilesForGood(app: FastifyInstance, folders: [base: string, dir: string, files: RegExp][]): void {
  app.addHook('onSend', async (request, reply) => {
    const version = (request.query as Record<string, unknown>).v;
    if (typeof version !== 'string' || reply.statusCode !== 200) return;
    const folder = folders.find(([base]) => request.url.startsWith(base));
    if (!folder) return;
    const [base, dir, files] = folder;
    const path = request.url.slice(base.length).split('?')[0]!;
    // The files' names need no escaping: an address that escapes anything is not one a page names.
    if (!files.test(path)) return;
    if (assetVersion(join(dir, path), false)?.hash === version)
      reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
}

export const cobrandRoutes: FastifyPluginAsyncTypebox<CobrandRoutesOptions> = async (
  app,
  { cobrands, catalogueDir, footerAssetsDir = FOOTER_ASSETS_DIR },
) => {
  const load = async (name: string): Promise<StoredCobrand> =>
    (await cobrands.find(name)) ?? Promise.reject(notFound());

  // Both answers are serialised (by the routes' response schemas) and encoded once per stored version of a record
  // (its content hash) and language, not once per request.
  const records = new PreparedAnswers('application/json; charset=utf-8');
  const localeLists = new PreparedAnswers('application/json; charset=utf-8');

  app.get(PathPatterns.cobrand, { schema: RECORD_SCHEMA, config: PAGE_READ }, async (request, reply) => {
    const stored = await load(request.params.name);
    // The texts in the language the page settles on: the `locale` it names, else its cookie, else Accept-Language.
    const locale = requestLocale(request, Object.keys(stored.record.locales));
    const cobrand = (): Cobrand => cobrandRecordIn(stored, locale);
    reply.header('content-language', languageTag(locale));
    return sendPrepared(
      request,
      reply,
      await records.get(`${stored.version}/${locale}`, () => serialize(reply, cobrand(), CobrandSchema))!,
    );
  });

  app.get(PathPatterns.cobrandLocales, { schema: LOCALES_SCHEMA, config: PAGE_READ }, async (request, reply) => {
    const { record, version } = await load(request.params.name);
    return sendPrepared(
      request,
      reply,
      await localeLists.get(version, () => serialize(reply, record.locales, CobrandLocalesSchema))!,
    );
  });

  app.get(PathPatterns.cobrandStylesheet, { schema: STYLESHEET_SCHEMA, config: PAGE_READ }, async (request) => {
    const { record } = await load(request.params.name);
    const name = record.cobrand.name;
    return {
      url: existsSync(join(catalogueDir, name, 'theme.css')) ? `${Paths.cobrandAssets(name)}theme.css` : null,
    };
  });

  app.get(
    PathPatterns.cobrandAbbreviation,
    { schema: ABBREVIATION_SCHEMA, config: PAGE_READ },
    async (request, reply) => {
      const name = await cobrands.nameForAbbreviation(request.query.cobrandAbbr);
      if (!name) throw notFound();
      return reply.type('text/plain; charset=utf-8').send(name);
    },
  );

  keepVersionedFilesForGood(app, [
    [COBRAND_ASSETS_BASE, catalogueDir, PUBLIC_FILES],
    [FOOTER_ASSETS_BASE, footerAssetsDir, FOOTER_IMAGES],
  ]);
  // From memory, never through libuv's pool where argon2 runs (memory-files.ts).
  memoryFiles(app, {
    root: catalogueDir,
    prefix: COBRAND_ASSETS_BASE,
    allowed: (path) => PUBLIC_FILES.test(path),
    cacheControl: 'public, max-age=3600',
  });
  // Only the images: the folder also holds their names (assets.json), which the record already carries.
  memoryFiles(app, {
    root: footerAssetsDir,
    prefix: FOOTER_ASSETS_BASE,
    allowed: (path) => FOOTER_IMAGES.test(path),
    cacheControl: 'public, max-age=3600',
  });
};
