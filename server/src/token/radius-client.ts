/**
 * Asking the bank's token server over RADIUS (RFC 2865): Access-Request with PAP and Message-Authenticator (RFC 3579),
 * every answer's Response Authenticator and Message-Authenticator checked before it is believed, tries per server and
 * failover to the next. The packet codec is the `radius` package's; this is the protocol around it.
 */
import { randomInt } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type * as Radius from 'radius';

export interface RadiusServer {
  host: string;
  port: number;
}

export interface RadiusSettings {
  /** Tried in order: the second is the failover. */
  servers: readonly RadiusServer[];
  secret: string;
  /** How long one try waits for an answer. */
  timeoutMs: number;
  /** Further tries to the same server after the first. */
  retries: number;
}

export type ChallengePrompt = 'new-pin' | 'next-token' | 'unknown';

export type RadiusAnswer =
  | { kind: 'accept' }
  | { kind: 'reject' }
  | { kind: 'challenge'; state: Buffer; replyMessage: string; prompt: ChallengePrompt }
  | { kind: 'unavailable'; reason: string };

type Log = { warn(obj: object, msg: string): void };

const REPLY_MESSAGE = 18;
const STATE = 24;
const NAS_IDENTIFIER = 'cobrand-portal';

/** Loaded at the first RADIUS request: a deployment without a token server never holds the codec. */
const codec = () => createRequire(import.meta.url)('radius') as typeof Radius;

/**
 * What a challenge asks for, from its Reply-Message as RSA Authentication Manager words it ("Enter a new PIN having
 * from 4 to 8 digits:", "Wait for token to change, then enter the new tokencode:", "PIN Accepted. Wait for the token
 * code to change, then enter the new tokencode:"). The tokencode is asked for first: "PIN accepted" comes with it.
 */
export function challengePrompt(replyMessage: string): ChallengePrompt {
  if (/(next|new) (token ?code|passcode)|token( code)? to change/i.test(replyMessage)) return 'next-token';
  if (/new pin|pin (is )?required/i.test(replyMessage)) return 'new-pin';
  return 'unknown';
}

/** `host:port[,host:port]` (an IPv6 host in brackets) as servers; throws an Error naming what is wrong. */
export function parseRadiusServers(value: string): RadiusServer[] {
  const servers = value.split(',').map((entry) => {
    const match = /^\s*(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):(\d{1,5})\s*$/.exec(entry);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535) throw new Error(`"${entry}" is not a RADIUS server as host:port`);
    return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
  });
  if (servers.length === 0) throw new Error('no RADIUS server named');
  return servers;
}

export class RadiusClient {
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly settings: RadiusSettings,
    private readonly log: Log,
  ) {}

  /** One Access-Request (with `state` when it answers a challenge), to each server in turn until one answers. */
  async authenticate(userName: string, password: string, state?: Buffer): Promise<RadiusAnswer> {
    for (const server of this.settings.servers) {
      const answer = await this.ask(server, userName, password, state);
      if (answer) return answer;
      this.log.warn({ server: `${server.host}:${server.port}` }, 'the token server did not answer in time');
    }
    return { kind: 'unavailable', reason: 'no token server answered in time' };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.close();
    this.sockets.clear();
  }

  /**
   * One server, with its tries: a try again sends the very same packet, so a server that did answer (and the answer
   * was lost) sees a duplicate and answers it again rather than refusing a tokencode it has spent.
   */
  private async ask(
    server: RadiusServer,
    userName: string,
    password: string,
    state?: Buffer,
  ): Promise<RadiusAnswer | null> {
    const { secret, timeoutMs, retries } = this.settings;
    const attributes: [string, string | Buffer][] = [
      ['User-Name', userName],
      ['User-Password', password],
      ['NAS-Identifier', NAS_IDENTIFIER],
      ...(state ? [['State', state] as [string, Buffer]] : []),
    ];
    const request = codec().encode({
      code: 'Access-Request',
      secret,
      identifier: randomInt(256),
      attributes,
      add_message_authenticator: true,
    });
    const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
    this.sockets.add(socket);
    try {
      const answer = this.answerFrom(socket, server, request);
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        socket.send(request, server.port, server.host);
        const response = await Promise.race([answer, delay(timeoutMs)]);
        if (response) return this.read(response);
      }
      return null;
    } finally {
      this.sockets.delete(socket);
      socket.close();
    }
  }

  /** The first answer to `request` from `server` that passes the checks; every other datagram is dropped and logged. */
  private answerFrom(socket: Socket, server: RadiusServer, request: Buffer): Promise<Buffer> {
    const { secret } = this.settings;
    const where = `${server.host}:${server.port}`;
    socket.on('error', (error) => this.log.warn({ server: where, err: error.message }, 'token server socket error'));
    return new Promise((resolve) => {
      socket.on('message', (response, from) => {
        if (from.port !== server.port || response.length < 20 || response[1] !== request[1]) return;
        let verified = false;
        try {
          verified = codec().verify_response({ request, response: Buffer.from(response), secret });
        } catch {
          // A datagram the codec cannot read is no answer.
        }
        if (verified) resolve(response);
        else
          this.log.warn(
            { server: where },
            'an answer from the token server failed its authenticator check (is RADIUS_SECRET the server’s?)',
          );
      });
    });
  }

  private read(response: Buffer): RadiusAnswer {
    const packet = codec().decode({ packet: response, secret: this.settings.secret });
    if (packet.code === 'Access-Accept') return { kind: 'accept' };
    if (packet.code === 'Access-Reject') return { kind: 'reject' };
    if (packet.code !== 'Access-Challenge') return { kind: 'unavailable', reason: `a ${packet.code} answer` };
    const all = (type: number) => packet.raw_attributes.filter(([t]) => t === type).map(([, value]) => value);
    const replyMessage = Buffer.concat(all(REPLY_MESSAGE)).toString('utf8');
    const state = all(STATE)[0];
    if (!state) return { kind: 'unavailable', reason: 'a challenge without a State' };
    return { kind: 'challenge', state, replyMessage, prompt: challengePrompt(replyMessage) };
  }
}

const delay = (ms: number): Promise<null> => new Promise((resolve) => setTimeout(() => resolve(null), ms));
