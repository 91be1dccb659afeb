/** What the single sign-on capability offers the rest of the service; nothing else of it is imported from outside. */
export { FlowCookies } from './flow-cookie.js';
export { CodeFlow, refusedAnswer } from './oidc/code-flow.js';
export type { Answered } from './oidc/code-flow.js';
export { checkProviders, checkProviderSettings, oidcProblems, readinessLines } from './provider-check.js';
export { Providers, SAML_REQUEST_MS } from './providers.js';
export type { OidcSettings } from './providers.js';
export { ssoRoutes } from './routes.js';
export { SsoService } from './sso-service.js';
export { SsoStore } from './sso-store.js';
export { SsoAdmin } from './sso-admin.js';
export { singleSignOnSignIn } from './sign-in-method.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'sso.passed': true;
    'sso.logout': true;
    'sso.logout.refused': true;
    'account.sso.linked': true;
  }
}
