/** TypeBox schemas for the service; the web app never imports this module, so no schema library ships to browsers. */
export * from './common.js';
export * from './signin.js';
export * from './cobrand.js';
export * from './logout.js';
export * from './session.js';
export * from './logging.js';
export * from './password.js';
export * from './token.js';
export * from './security-event.js';
export * from './passkey.js';
export * from './security.js';
export * from './device.js';
export * from './recovery-code.js';
export * from './device-code.js';
