/**
 * A screen's form posted natively, by a browser without the page's script or before it arrives (issue 33): each
 * capability answers its own screen's post (docs/decisions.md, "Forms without the script"), with a 303 to where the
 * script would have gone, or with the screen again (`FormPage`, the pages capability's, handed over by app.ts) showing
 * the errors the script would show.
 */
import {
  ErrorCodes,
  PORTAL_CONTEXT_PATH,
  routePath,
  type PageData,
  type PostedForm,
  type RouteName,
  type TokenUserInformation,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject } from 'typebox';
import { NoBody, type SendLoginBody } from '@portal/contract/schemas';
import type { RouteThrottle } from '../security/throttle.js';
import { ApiError } from './api-error.js';
import { FORM, requireContentType } from './content-type.js';
import { browserChange, type RouteGuard } from './route-guard.js';

/**
 * The screen `page` again, written for what its form posted; `status` as the script's call would have answered. What
 * the page needs of its visitor (`ScreenData`) is found again, unless the post knows it better (`known`: the token
 * user of a session the post itself replaced).
 */
export type FormPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: RouteName,
  posted: PostedForm,
  status: number,
  known?: Partial<PageData>,
) => Promise<FastifyReply>;

/** A screen's addresses, where its form posts (its own address: §2's route, and the same under the context path). */
export const screenPaths = (route: RouteName): string[] => [routePath(route), `${PORTAL_CONTEXT_PATH}/${route}`];

/** The screen again (or at its next step), rendered for what was posted. */
export const SCREEN_AGAIN = {
  description: 'The screen again, with the errors its script would show (the status its call would answer)',
  content: { 'text/html': { schema: Type.String() } },
};

/** The answers of a native post, for its OpenAPI description. */
export const FORM_ANSWERS = {
  303: NoBody('Done: on to where the script would have gone'),
  400: SCREEN_AGAIN,
  401: SCREEN_AGAIN,
  403: SCREEN_AGAIN,
  503: SCREEN_AGAIN,
};

/** A field of a native form: what was sent, or empty (a field left out of the form is an empty field). */
export const FormField = Type.Optional(Type.String({ maxLength: 2048 }));

/**
 * What a refusal of the service's own is, in a screen's terms: load (`busy`), or the service or a part it needs not
 * answering (`system`); anything else is not for the form to word.
 */
export function refusalOf(error: unknown): { failure: 'busy' | 'system'; status: number } | null {
  if (!(error instanceof ApiError) || error.statusCode < 500) return null;
  return { failure: error.items[0]?.code === ErrorCodes.busy ? 'busy' : 'system', status: error.statusCode };
}

/**
 * §7's sign-in sequence made on the service (the signin capability's, handed over by app.ts): where to go, or null when
 * refused; a refusal for load or an outage is thrown.
 */
export type SignInWith = (
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  password: string,
) => Promise<string | null>;

/**
 * §7's send-login call made on the service for a screen's post (the signin capability's, handed over by screens.ts):
 * from this browser's session, opening the session it decides; where to go and that session's raw ID, or null when
 * refused. A refusal for load or an outage is thrown, as the call answers it.
 */
export type SendLogin = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: SendLoginBody,
) => Promise<{ location: string; sessionId: string | undefined } | null>;

/** One screen's native post, as the OpenAPI description and the route's checks name it. */
export interface ScreenPost<Q extends TObject, B extends TObject> {
  screen: RouteName;
  /** The post at the screen's §2 address; the same under the context path gets `InContext` after it. */
  operationId: string;
  summary: string;
  querystring: Q;
  body: B;
  /** The answers besides FORM_ANSWERS (the screen at its next step, 200). */
  answers?: Record<number, unknown>;
  throttle: RouteThrottle;
  /** What the form's post audits (its declaration, http/route-guard.ts: a change with the token and the budget). */
  audit: RouteGuard['audit'];
  /** Whether it changes a way of signing in: the fresh-sign-in rule applies. */
  factor?: boolean;
}

export type ScreenPostRequest<Q extends TObject, B extends TObject> = FastifyRequest<{
  Querystring: Static<Q>;
  Body: Static<B>;
}>;

/**
 * Registers a screen's form posted natively at both of its addresses, the way every screen's form is taken: form-encoded
 * only (415 before the body counts for anything), throttled as the screen's calls are, described with its answers.
 */
export function screenPost<Q extends TObject, B extends TObject>(
  app: FastifyInstance,
  post: ScreenPost<Q, B>,
  handler: (request: ScreenPostRequest<Q, B>, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  const [own] = screenPaths(post.screen);
  for (const path of screenPaths(post.screen))
    app.post<{ Querystring: Static<Q>; Body: Static<B> }>(
      path,
      {
        schema: {
          operationId: path === own ? post.operationId : `${post.operationId}InContext`,
          summary: post.summary,
          consumes: [FORM],
          querystring: post.querystring,
          body: post.body,
          response: { ...FORM_ANSWERS, ...post.answers },
        },
        config: { ...post.throttle, ...browserChange(post.audit, post.factor) },
        preValidation: requireContentType(FORM),
      },
      handler,
    );
}

/**
 * What a screen's page needs written into its data at render time from a capability (the token screens' user, issue
 * 33), or where to send the browser instead (the script's own answer to a visitor out of turn); undefined for a page
 * that needs nothing of it.
 */
export type ScreenData = (
  request: FastifyRequest,
  page: string,
) => Promise<Partial<PageData> | { location: string } | undefined>;

/** The data of the first of `sources` that has some for the page: each capability answers for its own screens. */
export const eitherScreenData =
  (...sources: ScreenData[]): ScreenData =>
  async (request, page) => {
    for (const source of sources) {
      const found = await source(request, page);
      if (found) return found;
    }
    return undefined;
  };

/**
 * §7's user information of the token screens (the token capability's, handed over by screens.ts): whether this
 * browser's session is at the action's step, and for whom.
 */
export type TokenUserOf = (request: FastifyRequest, action: 'newpin' | 'nexttoken') => Promise<TokenUserInformation>;
