/** What the logging capability offers the rest of the service; nothing else of it is imported from outside. */
export { clientLoggingRoutes } from './routes.js';
export { cspReportRoutes } from './csp-report-routes.js';
export { CspReportCounts } from './csp-reports.js';
