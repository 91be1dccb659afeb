/**
 * The sign-in modules, listed once: each method lives in its capability's folder (its verdict beside its routes, store
 * and policy), implements the kernel's interface (signin-kernel/), and brings its own routes and form where it has
 * them. The sign-in service asks the methods in this order whether they serve an account; app.ts registers the
 * modules' routes and screens.ts their forms from this list. Adding a method is a line here (docs/architecture.md).
 */
import type { FastifyInstance } from 'fastify';
import { deviceCodeSignIn } from './device-code/index.js';
import type { ScreenData } from './http/form-post.js';
import { passkeySignIn } from './passkey/index.js';
import { passwordSignIn } from './password/index.js';
import { recoveryCodeSignIn } from './recovery-code/index.js';
import {
  type MethodMaker,
  type SignInGate,
  type SignInModule,
  type SignInOnRoute,
  withDeps,
} from './signin-kernel/index.js';
import { singleSignOnSignIn } from './sso/index.js';
import { builtinTokenSignIn, tokenServerSignIn } from './token/index.js';

/** The order matters: the first that serves an account signs it in; the last two answer on routes of their own. */
const MODULES = [
  singleSignOnSignIn,
  passwordSignIn,
  builtinTokenSignIn,
  tokenServerSignIn,
  passkeySignIn,
  recoveryCodeSignIn,
  deviceCodeSignIn,
] as const;

type Modules = typeof MODULES;
/** What every module's part needs, together: the composition hands each the whole, each takes what it declares. */
type AllOf<L extends readonly unknown[], Part extends 0 | 1 | 2> = L extends readonly [infer H, ...infer T]
  ? (H extends SignInModule<infer M, infer R, infer F> ? [M, R, F][Part] : never) & AllOf<T, Part>
  : unknown;
export type SignInMethodDeps = AllOf<Modules, 0>;
export type SignInRouteDeps = AllOf<Modules, 1>;
export type SignInFormDeps = AllOf<Modules, 2>;
/** The sign-in on a method's own route, by its name (the signin capability's `routeSignIn`, made in app.ts). */
export type SignInOn = (route: string) => SignInOnRoute;

export const signInMethods = (deps: SignInMethodDeps): MethodMaker[] =>
  MODULES.map((module: SignInModule<SignInMethodDeps, never, never>) => withDeps(module.method, deps));

/** The modules' gates, made with the methods' deps: the sign-in service asks them in this order (signin-kernel/gate.ts). */
export const signInGates = (deps: SignInMethodDeps): SignInGate[] =>
  (MODULES as readonly SignInModule<SignInMethodDeps, never, never>[]).flatMap((module) =>
    module.gate ? [module.gate(deps)] : [],
  );

/** What the modules' screens carry in their pages, each module answering for its own screen. */
export const signInModuleScreenData = (deps: Omit<SignInFormDeps, 'page'>): ScreenData[] =>
  (MODULES as readonly SignInModule<never, never, SignInFormDeps>[]).flatMap((module) =>
    module.screenData ? [module.screenData(deps)] : [],
  );

/** Registers each module's own routes. */
export async function signInModuleRoutes(app: FastifyInstance, deps: SignInRouteDeps, signInOn: SignInOn) {
  const modules: readonly SignInModule<never, SignInRouteDeps, never>[] = MODULES;
  for (const module of modules)
    if (module.routes && module.route) await module.routes(app, deps, signInOn(module.route));
}

/** Registers each module's screen's form without the script (among the other screens' forms: screens.ts). */
export async function signInModuleForms(forms: FastifyInstance, deps: SignInFormDeps, signInOn: SignInOn) {
  const modules: readonly SignInModule<never, never, SignInFormDeps>[] = MODULES;
  for (const module of modules)
    if (module.forms && module.route) await module.forms(forms, deps, signInOn(module.route));
}
