/**
 * The signed-in user's trusted devices (ours, for the security page): the list, forgetting one, and forgetting all but
 * the browser asking. A full session only, and to forget, one signed in within the last five minutes (a change to how
 * the account signs in: a forgotten browser is an unknown device at its next sign-in, its own count of tries gone).
 */
import { ErrorCodes, PathPatterns, Paths } from '@portal/contract';
import {
  ForgottenDevicesSchema,
  NoBody,
  TrustedDeviceListSchema,
  TrustedDeviceParamsSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../db/audit-log.js';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { FreshSignIn, SessionManager } from '../session/index.js';
import type { DeviceCookies } from './device-cookie.js';
import { addressOfStored, deviceOfStored } from './device-name.js';
import type { DeviceStore } from './device-store.js';
import { browserChange, STATE_READ } from '../http/route-guard.js';

export interface DeviceRoutesOptions {
  devices: DeviceStore;
  deviceCookies: DeviceCookies;
  sessions: SessionManager;
  cookies: SessionCookies;
  audit: AuditLog;
  throttle: RouteThrottle;
  /** The rule every change to how the account signs in follows: a sign-in within the last five minutes. */
  fresh: FreshSignIn;
}

const notFound = () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);

export const deviceRoutes: FastifyPluginAsyncTypebox<DeviceRoutesOptions> = async (
  app,
  { devices, deviceCookies, sessions, cookies, audit, throttle, fresh },
) => {
  /** The signed-in user's account; to forget devices (`fresh`), from a sign-in recent enough (else 403, audited). */
  const signedIn = async (request: FastifyRequest, forgetting = false) => {
    const session = await sessions.find(cookies.sessionId(request), ['full']);
    if (!session) throw sessionEnded();
    if (forgetting) await fresh.require(session, 'device.forget', originOf(request));
    return session.account_id;
  };

  app.get(
    Paths.devices,
    {
      schema: {
        operationId: 'trustedDevices',
        summary: "The signed-in user's trusted devices, the last used first",
        response: { 200: TrustedDeviceListSchema },
      },
      config: STATE_READ,
    },
    async (request) => {
      const accountId = await signedIn(request);
      const current = deviceCookies.deviceId(request);
      const rows = await devices.list(accountId);
      return {
        devices: rows.map((row) => ({
          id: row.id,
          device: deviceOfStored(row.browser),
          address: addressOfStored(row.address),
          createdAt: Number(row.created_at),
          lastUsedAt: Number(row.last_used_at),
          current: row.id === current,
          locked: row.locked_at !== null,
        })),
      };
    },
  );

  app.delete(
    PathPatterns.device,
    {
      schema: {
        operationId: 'forgetTrustedDevice',
        summary:
          'Forget one trusted device: its next sign-in is from an unknown device. Within five minutes of signing in',
        params: TrustedDeviceParamsSchema,
        response: { 204: NoBody('Forgotten') },
      },
      config: { ...throttle, ...browserChange('device.forgotten', true) },
    },
    async (request, reply) => {
      const accountId = await signedIn(request, true);
      const event = { kind: 'device.forgotten' as const, accountId };
      const forgotten = await audit.recordWith(event, originOf(request), (trx) =>
        devices.forget(request.params.id, accountId, trx),
      );
      if (!forgotten) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    Paths.devices,
    {
      schema: {
        operationId: 'forgetOtherTrustedDevices',
        summary: 'Forget every trusted device but the browser asking. Within five minutes of signing in',
        response: { 200: ForgottenDevicesSchema },
      },
      config: { ...throttle, ...browserChange('device.forgotten', true) },
    },
    async (request) => ({ forgotten: await forgetOthers(request, await signedIn(request, true)) }),
  );

  /** Every device of the account but the browser asking, forgotten and audited (with how many). */
  const forgetOthers = (request: FastifyRequest, accountId: string) =>
    forgetOtherDevices({ devices, deviceCookies, audit }, request, accountId);
};

/** Forgets the account's devices but this browser's; audited when any went. Also a password change's answer. */
export async function forgetOtherDevices(
  { devices, deviceCookies, audit }: Pick<DeviceRoutesOptions, 'devices' | 'deviceCookies' | 'audit'>,
  request: FastifyRequest,
  accountId: string,
): Promise<number> {
  const keep = deviceCookies.deviceId(request);
  let count = 0;
  await audit.recordWith(
    { kind: 'device.forgotten', accountId, detail: { others: true } },
    originOf(request),
    async (trx) => {
      count = await devices.forgetAllFor(accountId, keep, trx);
      return count > 0;
    },
  );
  return count;
}
