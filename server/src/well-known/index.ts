/** What the well-known capability offers the rest of the service; nothing else of it is imported from outside. */
export { SECURITY_TXT_PATH, wellKnownRoutes } from './routes.js';
export { WEBAUTHN_PATH } from './related-origins.js';
