/** What the SCIM capability offers the rest of the service: its calls, for the admin listener at /scim/v2. */
export { scimRoutes } from './routes.js';
export { PORTAL_USER, SCIM_PREFIX } from './scimmy-setup.js';
