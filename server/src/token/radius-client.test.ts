/** The RADIUS client against a real FreeRADIUS (scripts/test-radius/), and against answers nobody should believe. */
import { createSocket, type Socket } from 'node:dgram';
import { createRequire } from 'node:module';
import type * as Radius from 'radius';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFreeRadius, type TestFreeRadius } from '../../../scripts/test-radius/freeradius.mjs';
import { challengePrompt, parseRadiusServers, RadiusClient, type RadiusSettings } from './radius-client.js';

const SECRET = 'radius-client-test-secret';
const codec = createRequire(import.meta.url)('radius') as typeof Radius;

function clientOf(settings: Partial<RadiusSettings> & Pick<RadiusSettings, 'servers'>) {
  const warnings: string[] = [];
  const log = { warn: (obj: object, msg: string) => warnings.push(`${msg} ${JSON.stringify(obj)}`) };
  const client = new RadiusClient({ secret: SECRET, timeoutMs: 200, retries: 1, ...settings }, log);
  return { client, warnings };
}

/** A UDP peer on loopback that answers every request with what `answer` makes of it (or nothing). */
async function peer(answer: (request: Buffer) => Buffer | null): Promise<{ port: number; socket: Socket }> {
  const socket = createSocket('udp4');
  socket.on('message', (request, from) => {
    const reply = answer(request);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, socket };
}

/** An Access-Accept for `request`, signed with `secret` as a server would sign it. */
const acceptSignedWith = (secret: string) => (request: Buffer) =>
  codec.encode_response({
    packet: codec.decode({ packet: request, secret: SECRET }),
    code: 'Access-Accept',
    secret,
    attributes: [],
  });

let radius: TestFreeRadius;
beforeAll(async () => {
  radius = await startFreeRadius({ secret: SECRET });
});
afterAll(async () => radius?.close());

describe('RadiusClient against FreeRADIUS', () => {
  const server = () => ({ host: radius.host, port: radius.port });

  it('answers accept for a right passcode and reject for a wrong one', async () => {
    const { client } = clientOf({ servers: [server()] });
    expect(await client.authenticate('radpass-1', '246811111111')).toEqual({ kind: 'accept' });
    expect(await client.authenticate('radpass-1', '246811111112')).toEqual({ kind: 'reject' });
  });

  it('answers a next-tokencode challenge, and accepts its State answered with the next code', async () => {
    const { client } = clientOf({ servers: [server()] });
    const asked = await client.authenticate('radnext-1', '246822222222');
    expect(asked).toMatchObject({ kind: 'challenge', prompt: 'next-token' });
    if (asked.kind !== 'challenge') throw new Error('no challenge');
    expect(await client.authenticate('radnext-1', '33333333', asked.state)).toEqual({ kind: 'accept' });
    expect(await client.authenticate('radnext-1', '33333333')).toEqual({ kind: 'reject' });
  });

  it('walks the new-PIN challenge: the PIN, then the next tokencode', async () => {
    const { client } = clientOf({ servers: [server()] });
    const pin = await client.authenticate('radnewpin-1', '44444444');
    expect(pin).toMatchObject({ kind: 'challenge', prompt: 'new-pin' });
    if (pin.kind !== 'challenge') throw new Error('no challenge');
    const next = await client.authenticate('radnewpin-1', '1357', pin.state);
    expect(next).toMatchObject({ kind: 'challenge', prompt: 'next-token' });
    if (next.kind !== 'challenge') throw new Error('no challenge');
    expect(await client.authenticate('radnewpin-1', '55555555', next.state)).toEqual({ kind: 'accept' });
  });

  it('gets no answer with a wrong shared secret (FreeRADIUS drops the request), and logs where', async () => {
    const { client, warnings } = clientOf({ servers: [server()], secret: 'not-the-secret' });
    expect(await client.authenticate('radpass-1', '246811111111')).toMatchObject({ kind: 'unavailable' });
    expect(warnings.join('\n')).toContain(`${radius.host}:${radius.port}`);
    expect(warnings.join('\n')).not.toContain('not-the-secret');
  });

  it('fails over to the second server, and is unavailable while the only one is stopped', async () => {
    const silent = await peer(() => null);
    try {
      const { client } = clientOf({ servers: [{ host: '127.0.0.1', port: silent.port }, server()] });
      expect(await client.authenticate('radpass-1', '246811111111')).toEqual({ kind: 'accept' });
      await radius.stop();
      expect(await clientOf({ servers: [server()] }).client.authenticate('radpass-1', '246811111111')).toMatchObject({
        kind: 'unavailable',
      });
      await radius.start();
      expect(await clientOf({ servers: [server()] }).client.authenticate('radpass-1', '246811111111')).toEqual({
        kind: 'accept',
      });
    } finally {
      silent.socket.close();
    }
  });
});

describe('RadiusClient and answers it must not believe', () => {
  it('drops an Accept signed with another secret, logs it, and never signs in', async () => {
    const forger = await peer(acceptSignedWith('forged-secret'));
    try {
      const { client, warnings } = clientOf({ servers: [{ host: '127.0.0.1', port: forger.port }], retries: 0 });
      expect(await client.authenticate('radpass-1', '246811111111')).toMatchObject({ kind: 'unavailable' });
      expect(warnings.join('\n')).toMatch(/authenticator check/);
    } finally {
      forger.socket.close();
    }
  });

  it('believes the same Accept signed with the shared secret (the check is not refusing everything)', async () => {
    const honest = await peer(acceptSignedWith(SECRET));
    try {
      const { client } = clientOf({ servers: [{ host: '127.0.0.1', port: honest.port }], retries: 0 });
      expect(await client.authenticate('radpass-1', '246811111111')).toEqual({ kind: 'accept' });
    } finally {
      honest.socket.close();
    }
  });

  it('drops an answer without a Message-Authenticator', async () => {
    const bare = await peer((request) => {
      const { identifier, authenticator } = codec.decode({ packet: request, secret: SECRET });
      const attributes: [string, string][] = [];
      return codec.encode({ code: 'Access-Accept', identifier, authenticator, secret: SECRET, attributes });
    });
    try {
      const { client, warnings } = clientOf({ servers: [{ host: '127.0.0.1', port: bare.port }], retries: 0 });
      expect(await client.authenticate('radpass-1', '246811111111')).toMatchObject({ kind: 'unavailable' });
      // What docs/operations.md ("Token server") tells an operator to look for.
      expect(warnings).toEqual([
        `an answer from the token server failed its authenticator check (is RADIUS_SECRET the server’s?) {"server":"127.0.0.1:${bare.port}"}`,
        `the token server did not answer in time {"server":"127.0.0.1:${bare.port}"}`,
      ]);
    } finally {
      bare.socket.close();
    }
  });
});

describe('challengePrompt', () => {
  it.each([
    ['Enter a new PIN having from 4 to 8 digits:', 'new-pin'],
    ['New PIN required', 'new-pin'],
    ['Wait for token to change, then enter the new tokencode:', 'next-token'],
    ['PIN Accepted. Wait for the token code to change, then enter the new tokencode:', 'next-token'],
    ['Enter the next passcode', 'next-token'],
    ['Are you prepared to have the system generate your PIN? (y/n)', 'unknown'],
    ['', 'unknown'],
  ])('reads "%s" as %s', (message, prompt) => {
    expect(challengePrompt(message)).toBe(prompt);
  });
});

describe('parseRadiusServers', () => {
  it('reads one server or two, IPv6 in brackets', () => {
    expect(parseRadiusServers('10.1.2.3:1812,radius2.bank.example:1645')).toEqual([
      { host: '10.1.2.3', port: 1812 },
      { host: 'radius2.bank.example', port: 1645 },
    ]);
    expect(parseRadiusServers('[::1]:1812')).toEqual([{ host: '::1', port: 1812 }]);
  });

  it.each(['radius.bank.example', 'host:0', 'host:70000', 'a:1812,', ''])('refuses "%s"', (value) => {
    expect(() => parseRadiusServers(value)).toThrow(/RADIUS server/);
  });
});
