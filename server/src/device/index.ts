/** What the device trust capability offers the rest of the service; nothing else of it is imported from outside. */
export { DeviceCookies } from './device-cookie.js';
export { DeviceNotices } from './device-notices.js';
export type { NewTrust } from './device-notices.js';
export { DeviceStore } from './device-store.js';
export type { DeviceRow } from './device-store.js';
export { deviceRoutes, forgetOtherDevices } from './routes.js';
export { newDeviceMail, unknownDevicesLockedMail } from './mails.js';
export { addressOfStored, approximateAddress, deviceOfAgent, deviceOfStored } from './device-name.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'device.trusted': true;
    'device.forgotten': true;
    'device.lock.mailed': true;
    'device.new.mailed': true;
  }
}
