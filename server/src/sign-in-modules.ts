/**
 * The sign-in methods, listed once: each lives in its capability's folder (its verdict beside its routes, store and
 * policy) and implements the kernel's interface (signin-kernel/); the sign-in service asks them in this order whether
 * they serve an account. Adding a method is a line here (docs/architecture.md, "Adding a sign-in method").
 */
import { passkeyMethod } from './passkey/index.js';
import { passwordMethod } from './password/index.js';
import { recoveryCodeMethod } from './recovery-code/index.js';
import { type MethodFactory, type MethodMaker, withDeps } from './signin-kernel/index.js';
import { singleSignOnMethod } from './sso/index.js';
import { builtinTokenMethod, tokenServerMethod } from './token/index.js';

/** Every method's deps, together: what the composition hands each (each takes the part it declares). */
type DepsOf<F> = F extends MethodFactory<infer D> ? D : never;
type AllDeps<L extends readonly unknown[]> = L extends readonly [infer H, ...infer T]
  ? DepsOf<H> & AllDeps<T>
  : unknown;

/** The order matters: the first that serves an account signs it in; the last two answer on routes of their own. */
const METHODS = [
  singleSignOnMethod,
  passwordMethod,
  builtinTokenMethod,
  tokenServerMethod,
  passkeyMethod,
  recoveryCodeMethod,
] as const;

export type SignInMethodDeps = AllDeps<typeof METHODS>;

export const signInMethods = (deps: SignInMethodDeps): MethodMaker[] =>
  METHODS.map((factory) => withDeps<SignInMethodDeps>(factory, deps));
