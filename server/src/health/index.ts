/** What the health capability offers the rest of the service; nothing else of it is imported from outside. */
export { healthRoutes } from './routes.js';
export { Readiness } from './readiness.js';
