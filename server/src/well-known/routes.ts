/**
 * The well-known addresses: /.well-known/webauthn (related-origins.ts), and /.well-known/security.txt (RFC 9116),
 * where to report a vulnerability in the portal and until when that holds, as the deployment configures them
 * (SECURITY_CONTACT, SECURITY_TXT_EXPIRES). A deployment without a contact has nothing true to publish, so that
 * address answers 404 (docs/decisions.md, "Security, second round").
 */
import { ErrorCodes } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SecurityTxt } from '../config.js';
import { ApiError } from '../http/api-error.js';
import { textAnswer } from '../http/content-type.js';
import { relatedOriginsRoute } from './related-origins.js';
import { PAGE_READ } from '../http/route-guard.js';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';

export interface WellKnownRoutesOptions {
  securityTxt: SecurityTxt | null;
  publicOrigin: string;
  /** The catalogue's related origins of the passkeys' relying party (/.well-known/webauthn). */
  relatedOrigins: () => Promise<readonly string[]>;
}

/** The file's text: the required fields, then where the file itself lives and the language reports are read in. */
export function securityTxtText({ contacts, expires }: SecurityTxt, publicOrigin: string): string {
  const lines = [
    ...contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires}`,
    `Canonical: ${publicOrigin}${SECURITY_TXT_PATH}`,
    'Preferred-Languages: en',
  ];
  return `${lines.join('\n')}\n`;
}

export const wellKnownRoutes: FastifyPluginAsyncTypebox<WellKnownRoutesOptions> = async (
  app,
  { securityTxt, publicOrigin, relatedOrigins },
) => {
  relatedOriginsRoute(app, relatedOrigins);
  const text = securityTxt && securityTxtText(securityTxt, publicOrigin);
  app.get(
    SECURITY_TXT_PATH,
    {
      schema: {
        operationId: 'securityTxt',
        summary: 'Where to report a vulnerability (RFC 9116); 404 when the deployment names no contact',
        response: { 200: textAnswer(Type.String({ description: 'The security.txt fields' })) },
      },
      config: PAGE_READ,
    },
    async (_request, reply) => {
      if (!text) throw new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
      // Public and the same for everyone until the deployment changes it: a day in a cache is harmless.
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(text);
    },
  );
};
