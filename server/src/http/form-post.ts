/**
 * A screen's form posted natively, by a browser without the page's script or before it arrives (issue 33): each
 * capability answers its own screen's post (docs/decisions.md, "Forms without the script"), with a 303 to where the
 * script would have gone, or with the screen again (`FormPage`, the pages capability's, handed over by app.ts) showing
 * the errors the script would show.
 */
import { ErrorCodes, PORTAL_CONTEXT_PATH, routePath, type PostedForm, type RouteName } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { NoBody } from '@portal/contract/schemas';
import { ApiError } from './api-error.js';

/** The screen `page` again, written for what its form posted; `status` as the script's call would have answered. */
export type FormPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: RouteName,
  posted: PostedForm,
  status: number,
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
