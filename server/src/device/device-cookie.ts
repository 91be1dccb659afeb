/**
 * The device cookie (OWASP's device cookies): the ID of a trusted_device row and its MAC under a key derived from the
 * portal secret, HttpOnly, `__Host-` and Secure over https, kept for 400 days (the longest browsers keep a cookie).
 * The MAC lets a forged or guessed value be refused before any lookup; the row makes it revocable.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;

export class DeviceCookies {
  readonly name: string;

  constructor(
    private readonly key: Buffer,
    private readonly secure: boolean,
  ) {
    this.name = secure ? '__Host-portal-device' : 'portal-device';
  }

  /** The device ID the browser's cookie names, when its MAC is right; anything else reads as no cookie. */
  deviceId(request: FastifyRequest): string | undefined {
    const value = request.cookies[this.name];
    const [id, mac] = value?.split('.') ?? [];
    if (!id || !mac || !ID.test(id)) return undefined;
    const expected = Buffer.from(this.mac(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /** Sets (or renews) the cookie of a trusted device. */
  trust(reply: FastifyReply, deviceId: string): void {
    const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: this.secure };
    reply.setCookie(this.name, `${deviceId}.${this.mac(deviceId)}`, { ...options, maxAge: MAX_AGE_SECONDS });
  }

  private mac(id: string): string {
    return createHmac('sha256', this.key).update(`device:${id}`).digest('base64url');
  }
}
