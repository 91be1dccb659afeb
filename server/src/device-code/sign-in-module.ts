/** The new-device code's sign-in module: its gate, the method its screen signs in by, its routes, form and page data. */
import type { SignInModule } from '../signin-kernel/index.js';
import { deviceCodeFormRoutes, type DeviceCodeFormOptions } from './form-routes.js';
import { deviceCodeGate, type DeviceCodeGateDeps } from './gate.js';
import { deviceCodeScreenData } from './held.js';
import { deviceCodeRoutes, type DeviceCodeRoutesOptions } from './routes.js';
import { DEVICE_CODE_ROUTE, deviceCodeMethod, type DeviceCodeMethodDeps } from './sign-in-method.js';

export const deviceCodeSignIn: SignInModule<
  DeviceCodeMethodDeps & DeviceCodeGateDeps,
  Omit<DeviceCodeRoutesOptions, 'signIn'>,
  Omit<DeviceCodeFormOptions, 'signIn'>
> = {
  method: deviceCodeMethod,
  route: DEVICE_CODE_ROUTE,
  gate: deviceCodeGate,
  routes: async (app, deps, signIn) => void (await app.register(deviceCodeRoutes, { ...deps, signIn })),
  forms: async (forms, deps, signIn) => void (await forms.register(deviceCodeFormRoutes, { ...deps, signIn })),
  screenData: deviceCodeScreenData,
};
