/** The passkey sign-in module: the method, and its routes (the sign-in's and the signed-in user's own passkeys). */
import type { SignInModule } from '../signin-kernel/index.js';
import { passkeyRoutes, type PasskeyRoutesOptions } from './routes.js';
import { PASSKEY_ROUTE, passkeyMethod, type PasskeyMethodDeps } from './sign-in-method.js';

export const passkeySignIn: SignInModule<PasskeyMethodDeps, Omit<PasskeyRoutesOptions, 'signIn'>> = {
  method: passkeyMethod,
  route: PASSKEY_ROUTE,
  routes: async (app, deps, signIn) => void (await app.register(passkeyRoutes, { ...deps, signIn })),
};
