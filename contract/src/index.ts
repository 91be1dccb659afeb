export * from './paths.js';
export * from './constants.js';
export * from './errors.js';
export * from './validation.js';
export * from './format-message.js';
export type * from './cobrand.js';
export { COBRAND_TEXT_FIELDS, FOOTER_LINK_KEYS } from './cobrand.js';
export type * from './session.js';
export * from './page-data.js';
export * from './passkey-paths.js';
export * from './recovery-code-paths.js';
export type * from './security.js';
export {
  ENDED_PARAM,
  FRESH_SIGN_IN_MS,
  SECURITY_FORM,
  SIGN_IN_RETURN_COOKIE,
  SIGN_IN_RETURN_SECONDS,
  SIGN_IN_RETURN_SECTIONS,
  securitySectionId,
} from './security.js';
