/**
 * The console's page on the admin listener: /console/ answers the page the web app's build made of
 * web/src/screens/console (its scripts and stylesheet at the portal's own static addresses, served here from memory
 * as the public listener serves them), and /console/api/texts the words it shows, in the operator's language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes, PORTAL_UI_BASE } from '@portal/contract';
import { CONSOLE_BASE, ConsolePaths } from '@portal/contract/console';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../http/api-error.js';
import { SECURITY_HEADERS } from '../http/headers.js';
import { memoryFiles } from '../http/memory-files.js';
import { guard, PAGE_READ } from '../http/route-guard.js';
import type { ConsoleTexts } from './console-texts.js';

/**
 * The portal's strict policy, less its reports: the address they go to is the public listener's, which a browser on
 * the admin listener's origin may not reach.
 */
const CONSOLE_CSP = SECURITY_HEADERS['content-security-policy']!.split(';')
  .filter((directive) => !directive.startsWith('report-'))
  .join(';');
const PAGE_HEADERS = Object.fromEntries(
  Object.entries({ ...SECURITY_HEADERS, 'content-security-policy': CONSOLE_CSP }).filter(
    ([name]) => name !== 'reporting-endpoints',
  ),
);

const TextsQuery = Type.Object(
  { locale: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
const notBuilt = () => new ApiError(503, [{ code: ErrorCodes.unavailable, messageKey: 'error.system' }]);

export interface ConsolePageOptions {
  webDistDir: string;
  texts: (wishes: { param?: string | null; acceptLanguage?: string }) => ConsoleTexts;
}

/** The built files the page names: scripts and stylesheets with their content hash in their names. */
export function consoleFiles(app: FastifyInstance, webDistDir: string): void {
  memoryFiles(app, {
    root: join(webDistDir, 'static'),
    prefix: `${PORTAL_UI_BASE}static/`,
    cacheControl: 'public, max-age=31536000, immutable',
    preCompressed: true,
    hidden: true,
  });
}

export function consolePage(app: FastifyInstance, { webDistDir, texts }: ConsolePageOptions): void {
  let page: Buffer | null = null;
  app.get(CONSOLE_BASE.slice(0, -1), { schema: { hide: true }, config: PAGE_READ }, async (_request, reply) =>
    reply.redirect(CONSOLE_BASE, 308),
  );
  const file = join(webDistDir, 'pages', 'console.html');
  app.get(CONSOLE_BASE, { schema: { hide: true }, config: PAGE_READ }, async (_request, reply) => {
    // A service started without the web app built (`npm run build`) says so rather than failing.
    if (!page && !existsSync(file)) throw notBuilt();
    // Read once: the build is made before the service starts, and the page holds no one's data.
    page ??= readFileSync(file);
    return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
  });
  app.get(
    ConsolePaths.texts,
    { schema: { hide: true, querystring: TextsQuery }, config: guard({ throttle: 'listener', changes: false }) },
    async (request) => {
      const { locale } = request.query as { locale?: string };
      return texts({ param: locale ?? null, acceptLanguage: request.headers['accept-language'] });
    },
  );
}
