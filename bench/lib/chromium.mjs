/** Debian's Chromium, launched as the browser tests launch it (scripts/chromium.mjs). */
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from '../../scripts/chromium.mjs';

export const signInPath = (cobrand) => `/public-portal-ui/login-signin-component?cobrandHost=${cobrand}`;
