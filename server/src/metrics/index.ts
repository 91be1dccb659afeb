/** What the metrics capability offers the rest of the service; nothing else of it is imported from outside. */
export { startManagementServer } from './management-server.js';
export { portalMetrics, type MetricSources } from './portal-metrics.js';
