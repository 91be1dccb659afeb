/** Multi-page build: each §2 route is its own page (ARCHITECTURE §1), sharing chunks the browser caches. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';
// By path: the config is bundled before it runs, and the workspace's own package is TypeScript Node cannot load.
import { parsedMessages } from '../contract/src/format-message.js';
import { compression } from 'vite-plugin-compression2';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * One page per screen folder that has a main.tsx, each made from page.html into pages/ (generated, not committed),
 * so adding a screen is adding its folder.
 */
function generatePages(): Record<string, string> {
  const template = readFileSync(join(root, 'page.html'), 'utf8');
  const screens = readdirSync(join(root, 'src', 'screens')).filter((name) =>
    existsSync(join(root, 'src', 'screens', name, 'main.tsx')),
  );
  mkdirSync(join(root, 'pages'), { recursive: true });
  return Object.fromEntries(
    screens.map((name) => {
      const file = join(root, 'pages', `${name}.html`);
      const html = template.replace('%SCREEN%', name);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== html) writeFileSync(file, html);
      return [name, file];
    }),
  );
}
const pages = generatePages();

/**
 * The browser's scripts carry no ICU parser (FormatJS's parser-less build, a tenth of the sign-in page's script): the
 * English texts they carry are parsed here, those a page carries by the service, and those a page loads by call by
 * the parser loaded then, under the name `icu-parser-full` (web/src/i18n/parse-late.ts).
 */
const parser = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser');
const parserAliases = [
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: parser.replace(/index\.js$/, 'no-parser.js') },
  { find: /^icu-parser-full$/, replacement: parser },
];
const parsedEnglish: Plugin = {
  name: 'portal-parsed-english',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/data\/i18n\/en_US\/[^/]+\.json$/.test(id)) return null;
    const parsed = parsedMessages(JSON.parse(code) as Record<string, string>, (text) => parse(text));
    // Still JSON: Vite's own JSON plugin makes the module of it.
    return { code: JSON.stringify(parsed), map: null };
  },
};
/**
 * What the screens share: libraries (but the ICU parser, loaded late, and the WebAuthn library, whose sign-in half
 * only the sign-in page carries), the contract and the shell's folders.
 */
const shared =
  /node_modules\/(?!@formatjs\/icu-(messageformat-parser\/index|skeleton-parser)|@simplewebauthn\/)|\/contract\/|\/web\/src\/(api|cobrand|components|i18n|page|session|styles|token)\//;
/**
 * Left to chunks of their own, off the sign-in page: the signed-in screens' parts, what only a page sent without
 * its data loads (web/src/page/settle-by-calls.ts, with the settling of its language, which the service does for
 * every other page: the contract's locales.ts, outside its index for this), the password rules only the change of
 * password checks (password-rules.ts, likewise), the wording of a device only the security page shows
 * (device-name.ts, likewise), the security page's form fields and addresses (security.ts, likewise), the new-device
 * code's (device-code-paths.ts, likewise), the help-desk console's (console-paths.ts, likewise), and the failure
 * reports the sign-in screen never sends. A module caught here stays out only if no shared module imports it
 * (rolldown's groups take a module's imports with it).
 */
const notShared =
  /\/web\/src\/(session|token|components\/SessionWarning|page\/(settle-by-calls|choose-locale|report)|cobrand\/load-cobrand|i18n\/load-dictionary)|\/contract\/src\/(locales|password-rules|device-name|security|device-code-paths|console-paths)\./;
/**
 * The WebAuthn library, whose every part comes through one module re-exporting them all (its exports map allows no
 * other): taken as a module with side effects, that one module took the registration half (startRegistration, which
 * only the pages that add a passkey call) into the chunk the sign-in page loads (docs/benchmarks.md, figure 3).
 */
const webAuthnLibrary = /\/node_modules\/@simplewebauthn\/browser\//;
/**
 * What both passkey ceremonies use (the service's calls; the library's encoding, errors, abort and checks), shared
 * too: the sign-in page then loads two files rather than three, each compressed on its own. The pages that make no
 * passkey carry them in the shared chunk (about 650 bytes gzip), as it comes cached from the sign-in page.
 */
const passkeyCommon =
  /\/web\/src\/passkeys\/passkey-calls\.|\/@simplewebauthn\/browser\/esm\/helpers\/(webAuthnAbortService|webAuthnError|base64URLStringToBuffer|bufferToBase64URLString|browserSupportsWebAuthn|isValidDomain|toPublicKeyCredentialDescriptor|toAuthenticatorAttachment)\.js$/;
/**
 * Vite wraps every dynamic `import()` in a helper that first fetches the imported chunk's own imports and stylesheets:
 * about 700 bytes gzip in the chunk the sign-in page loads, with the list of those files, even with modulePreload off
 * (vitejs/vite#18551). The portal's dynamic imports (what a page sent without its data loads, the late ICU parser)
 * bring no stylesheet, and the browser fetches their few imports as it reads them, so the helper here only imports;
 * the pages' own `<link rel="modulepreload">` stay (`resolveDependencies` below). Should a lazy chunk ever bring a
 * stylesheet, the build fails rather than show it unstyled.
 */
const preloadHelper = '\0vite/preload-helper.js';
const importOnly: Plugin = {
  name: 'portal-import-only',
  apply: 'build',
  enforce: 'pre',
  load: (id) =>
    id === preloadHelper ? { code: 'export const __vitePreload = (load) => load();', moduleSideEffects: false } : null,
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps'))
          this.error(`${chunk.fileName}: a dynamic import brings files the portal's import helper does not load`);
    },
  },
};
const service = process.env.PORTAL_SERVICE_URL ?? 'http://localhost:8080';

// In development, serve each page at its production address (`/public-portal-ui/<route>`) as the service does.
const devPageAddresses: Plugin = {
  name: 'portal-page-addresses',
  configureServer(server) {
    const extra: Record<string, string> = {
      '/sdportal/platform/home': 'home',
      // contract's PLATFORM_PAGES (this file is loaded by Node before any TypeScript of the workspace can be).
      '/sdng/register/company.do': 'stand-in',
      '/sdng/cardholderselfservice/cardholderSelfServiceFromSDPortalInit.do': 'stand-in',
      '/sdram/prospectiveaccountcontroller/newAccountApplicationRequestForm.view': 'stand-in',
      '/sdportal/cookie-notice.view': 'stand-in',
    };
    server.middlewares.use((request, _response, next) => {
      const [path = '', query = ''] = (request.url ?? '').split('?');
      const page = extra[path] ?? path.match(/^\/public-portal-ui\/([a-z-]+)$/)?.[1];
      if (page && pages[page]) request.url = `/public-portal-ui/pages/${page}.html${query ? `?${query}` : ''}`;
      next();
    });
  },
};

/**
 * `vite build --ssr src/ssr.tsx` (the second step of `npm run build`): the screens as a module the service renders
 * pages with, into dist/ssr/, which the service loads but never serves.
 */
const ssrBuild = {
  outDir: 'dist/ssr',
  emptyOutDir: true,
  target: 'node20',
  rollupOptions: { output: { entryFileNames: '[name].js' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  root,
  resolve: { alias: parserAliases },
  plugins: [
    devPageAddresses,
    importOnly,
    parsedEnglish,
    // Scripts and styles are also written as .br and .gz beside themselves, which the service sends to browsers that
    // ask for them (preCompressed in its static routes): no compression work per request.
    !isSsrBuild &&
      compression({
        include: /\.(js|css)$/,
        threshold: 1024,
        algorithms: ['brotliCompress', 'gzip'],
        logLevel: 'silent',
      }),
  ],
  base: '/public-portal-ui/',
  publicDir: false,
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'static',
        target: 'es2022',
        // The strict CSP allows no inline code; Vite's module-preload polyfill is inline-free but unneeded by our targets.
        // The pages preload their scripts' imports; a dynamic import loads its own as it runs (importOnly above).
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
        rollupOptions: {
          input: pages,
          // The WebAuthn library's modules do nothing on import (its package.json does not say so): said here, a page
          // loads the parts it uses rather than every part its one entry module re-exports.
          treeshake: { moduleSideEffects: [{ test: webAuthnLibrary, sideEffects: false }] },
          // One chunk of everything the screens share (React, the shell, the client): a first visit fetches the screen's
          // own chunk, this one and the stylesheet at once, within the browser's six connections, in one round trip.
          output: {
            codeSplitting: {
              groups: [
                { name: 'portal', test: (id) => (shared.test(id) && !notShared.test(id)) || passkeyCommon.test(id) },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/sdportal': service,
      '/pkmslogin.form': service,
      '/public-portal-ui/assets/i18n': service,
    },
  },
}));
