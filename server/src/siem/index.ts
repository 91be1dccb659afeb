/** What the SIEM capability offers the rest of the service; nothing else of it is imported from outside. */
export { createSiem, siemForwarder, siemWorkerOf } from './create.js';
export { syslogMessage } from './syslog-sink.js';
export { securityEvent } from './security-event.js';
