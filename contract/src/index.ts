export * from './paths.js';
export * from './constants.js';
export * from './errors.js';
export * from './validation.js';
export * from './password-rules.js';
export * from './format-message.js';
export type * from './cobrand.js';
export { FOOTER_LINK_KEYS } from './cobrand.js';
export type * from './session.js';
