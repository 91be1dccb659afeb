/** The recovery-code sign-in module: the method, its routes, and its screen's form without the script. */
import type { SignInModule } from '../signin-kernel/index.js';
import { recoveryCodeFormRoutes, type RecoveryCodeFormOptions } from './form-routes.js';
import { recoveryCodeRoutes, type RecoveryCodeRoutesOptions } from './routes.js';
import { RECOVERY_CODE_ROUTE, recoveryCodeMethod, type RecoveryCodeMethodDeps } from './sign-in-method.js';

export const recoveryCodeSignIn: SignInModule<
  RecoveryCodeMethodDeps,
  Omit<RecoveryCodeRoutesOptions, 'signIn'>,
  Omit<RecoveryCodeFormOptions, 'signIn'>
> = {
  method: recoveryCodeMethod,
  route: RECOVERY_CODE_ROUTE,
  routes: async (app, deps, signIn) => void (await app.register(recoveryCodeRoutes, { ...deps, signIn })),
  forms: async (forms, deps, signIn) => void (await forms.register(recoveryCodeFormRoutes, { ...deps, signIn })),
};
