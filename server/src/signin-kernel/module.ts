/**
 * A sign-in module: a method with what it brings of its own (the routes its tries come by, the form of its screen
 * without the script), offered by its capability and listed once in sign-in-modules.ts. The composition hands each
 * part its deps and the one way a try on the method's own route signs in (the signin capability's `routeSignIn`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScreenData } from '../http/form-post.js';
import type { GateFactory } from './gate.js';
import type { MethodFactory } from './method.js';

/** A sign-in on a method's own route: the browser read from the exchange, the decision applied; where to go or null. */
export type SignInOnRoute = (
  secret: unknown,
  exchange: { request: FastifyRequest; reply: FastifyReply },
) => Promise<string | null>;

export interface SignInModule<MethodDeps = unknown, RouteDeps = unknown, FormDeps = unknown> {
  method: MethodFactory<MethodDeps>;
  /** The name of the route its method answers on (its `route.name`); none for a method of the sign-in form. */
  route?: string;
  /** Its own routes (the JSON calls), given their deps and the sign-in on its route. */
  routes?: (app: FastifyInstance, deps: RouteDeps, signIn: SignInOnRoute) => Promise<void>;
  /** Its screen's form posted without the script, given its deps and the sign-in on its route. */
  forms?: (forms: FastifyInstance, deps: FormDeps, signIn: SignInOnRoute) => Promise<void>;
  /** A gate its method's route clears (gate.ts), made with the method's deps. */
  gate?: GateFactory<MethodDeps>;
  /** What its screen's page carries for the browser that opens it (its attempt), found with its forms' deps. */
  screenData?: (deps: Omit<FormDeps, 'page'>) => ScreenData;
}
