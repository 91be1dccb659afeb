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
// New-device verification's addresses and checks are their own entry (@portal/contract/device-code), off the chunk
// every page loads.
export type { DeviceCodeStatus, DeviceCodeView } from './device-code-paths.js';
// The security page's constants are its own entry (@portal/contract/security), off the chunk every page loads.
export type * from './security.js';
