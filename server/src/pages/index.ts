/** What the pages capability offers the rest of the service; nothing else of it is imported from outside. */
export { webPagesRoutes } from './routes.js';
export { pageStylesheets, systemErrorPage } from './system-error-page.js';
export { outageErrorFile } from './outage-page.js';
export { PAGE_NAMES } from './routes.js';
export { pageSender, type PageSenderOptions, type PersonalPage } from './send-page.js';
export { PERSONAL_ROUTES } from './routes.js';
