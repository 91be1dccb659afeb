export { CHROMIUM_PATH } from '../../scripts/chromium.mjs';
