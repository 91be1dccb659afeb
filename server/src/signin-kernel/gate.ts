/**
 * A gate: a step a sign-in passed on something the user knows alone (a password, which another site's breach can give
 * away) must clear before any session of the account opens, on a browser the account has not trusted. The service
 * asks the registered gates after the method passed the try and before it decides where the browser goes; a gate that
 * holds the sign-in names its own screen, and the session opened is restricted to it. The step behind the screen
 * signs in on the gate's own route as a method does (its module's method), so its right answer is decided as any.
 */
import type { MethodTry, NextScreen, Passed } from './method.js';

export interface SignInGate {
  readonly name: string;
  /** Whether this sign-in must clear the gate: cheap, nothing written (the account's cobrand's setting, say). */
  holds(passed: Passed, attempt: MethodTry): Promise<boolean>;
  /** Holds the sign-in (what the step needs is made and sent): the screen it goes to instead of its destination. */
  hold(passed: Passed, attempt: MethodTry): Promise<NextScreen>;
}

/** How a module offers its gate: made once with its deps (the same as its method's). */
export type GateFactory<Deps = never> = (deps: Deps) => SignInGate;
