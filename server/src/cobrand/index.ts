/** What the cobrand capability offers the rest of the service; nothing else of it is imported from outside. */
export { announceCatalogueChange, listenForCatalogueChanges } from './catalogue-changes.js';
export { readCatalogue } from './catalogue.js';
export { readJson } from './read-json.js';
export type { CobrandRecord } from './catalogue.js';
export { cobrandIn } from './cobrand-texts.js';
export { CobrandDirectory } from './cobrand-directory.js';
export { CobrandStore } from './cobrand-store.js';
export { logoUrlFinder, mailBrand } from './logo.js';
export type { LogoUrlFor } from './logo.js';
export { cobrandRoutes } from './routes.js';
export { pageCobrandFinder } from './page-cobrand.js';
export { signsInAtProvider } from './sign-in-place.js';
export type { PageCobrand, PageCobrandFor } from './page-cobrand.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'cobrands.imported': true;
  }
}
