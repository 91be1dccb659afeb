/** What the signin capability offers the rest of the service; nothing else of it is imported from outside. */
export { signInRoutes } from './routes.js';
export { SignInService } from './signin-service.js';
export type { Onward } from './signin-service.js';
export type { SignInMethod } from '../signin-kernel/index.js';
export { formSendLogin, formSignIn, signInFormRoutes } from './form-routes.js';
export { nextTokenFormRoutes } from './next-token-form-routes.js';
export { routeSignIn } from './route-sign-in.js';
export { claimByAccountId } from './claims.js';
