/**
 * The running build's version: the package version and the commit it was built from, written in by the build
 * (server/build.mjs). Run from source, the service is `dev`. Told to operators (/healthz, the start banner), never on
 * a public page, where it would tell an attacker which advisories apply.
 */
declare const __PORTAL_VERSION__: string | undefined;

export const VERSION: string = typeof __PORTAL_VERSION__ === 'string' ? __PORTAL_VERSION__ : 'dev';
