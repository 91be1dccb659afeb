/**
 * Security events to a syslog server: RFC 5424 messages over TCP (RFC 6587, octet-counting framing) or TLS (RFC 5425,
 * which frames the same way), one connection kept open. An event counts as delivered once the operating system took
 * its bytes; a connection that broke before the server read them can lose what was in flight, which syslog over TCP
 * cannot tell (docs/decisions.md): a SIEM that must see every event takes the webhooks.
 */
import { readFileSync } from 'node:fs';
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { SecurityEvent } from '@portal/contract/schemas';
import type { Sink } from './sinks.js';
import type { SiemRow } from './siem-outbox.js';

export interface SyslogSettings {
  /** `tcp://host:port` or `tls://host:port`. */
  url: string;
  /** PEM file of the CAs the server's certificate must chain to (TLS), in place of Node's own list. */
  caFile: string | null;
}

/** authpriv (10): the facility for security and authorization messages (RFC 5424 §6.2.1). */
const FACILITY = 10;
const WARNING = 4;
const NOTICE = 5;
const CONNECT_TIMEOUT_MS = 10_000;
/** RFC 5424 HOSTNAME and APP-NAME: printable US-ASCII without spaces, at most 255 and 48 characters. */
const printable = (text: string, max: number) => text.replace(/[^\x21-\x7e]/g, '_').slice(0, max) || '-';

/**
 * The JSON event in ASCII alone: each character beyond it as its `\uXXXX` escape, which every JSON reader takes back.
 * So the MSG needs no BOM (RFC 5424 asks one only of a MSG in UTF-8), and a collector's `%msg%` is the JSON as is:
 * with the BOM, rsyslog wrote it at the start of each line, where JSON.parse and Python's json.loads refuse it.
 */
const asciiJson = (json: string): string =>
  json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** One event as an RFC 5424 message: MSGID the event's type, the JSON event as MSG (ASCII, no BOM). */
export function syslogMessage(row: SiemRow, host = hostname()): Buffer {
  const event = JSON.parse(row.payload) as SecurityEvent;
  const pri = FACILITY * 8 + (event.outcome === 'failure' ? WARNING : NOTICE);
  const header = `<${pri}>1 ${event.time} ${printable(host, 255)} portal ${process.pid} ${printable(event.type, 32)} -`;
  return Buffer.from(`${header} ${asciiJson(row.payload)}`, 'ascii');
}

/**
 * A refused certificate, said so the operator's log tells what to fix: TLS failed because the server is not the one
 * configured (or the CA file is not its CA), not because it is down.
 */
function unverified(socket: TLSSocket, error: Error): Error {
  const reason = socket.authorizationError;
  if (!reason) return error;
  return new Error(
    `the syslog server's certificate was not verified (${String(reason)}: ${error.message}), so no event was sent; ` +
      'SIEM_SYSLOG_CA_FILE must name the CA it chains to, and the certificate the host SIEM_SYSLOG_URL names',
  );
}

export class SyslogSink implements Sink {
  private socket: Promise<Socket> | null = null;
  /** The connection once open, so a dropped one is forgotten at once. */
  private live: Socket | null = null;
  private readonly target: URL;

  constructor(private readonly settings: SyslogSettings) {
    this.target = new URL(settings.url);
  }

  async deliver(row: SiemRow): Promise<void> {
    const message = syslogMessage(row);
    const frame = Buffer.concat([Buffer.from(`${message.length} `), message]);
    let socket = await this.connection();
    if (socket.destroyed || socket.readableEnded) {
      this.drop(socket);
      socket = await this.connection();
    }
    await new Promise<void>((resolve, reject) => {
      socket.write(frame, (error) => (error ? reject(error) : resolve()));
    }).catch((error: unknown) => {
      this.drop(socket);
      throw error;
    });
  }

  close(): void {
    this.live?.end();
    [this.live, this.socket] = [null, null];
  }

  private connection(): Promise<Socket> {
    this.socket ??= this.open().catch((error: unknown) => {
      this.socket = null;
      throw error;
    });
    return this.socket;
  }

  private open(): Promise<Socket> {
    const tls = this.target.protocol === 'tls:';
    const socket = tls ? this.openTls() : tcpConnect({ host: this.host(), port: Number(this.target.port) });
    return new Promise((resolve, reject) => {
      socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('the syslog server did not answer')));
      socket.once(tls ? 'secureConnect' : 'connect', () => {
        socket.setTimeout(0);
        this.live = socket;
        resolve(socket);
      });
      socket.once('error', (error) => reject(tls ? unverified(socket as TLSSocket, error) : error));
      // A server that closes or fails later: the next event opens a new connection.
      socket.on('error', () => this.drop(socket));
      socket.on('close', () => this.drop(socket));
      // The server closing its side (a restart) ends this connection at once, not at the next write.
      socket.on('end', () => this.drop(socket));
      // The server sends nothing in this protocol; anything it does send is read and dropped.
      socket.resume();
    });
  }

  /**
   * RFC 5425: the server's certificate must chain to the CA file (else Node's own list) and name the host the URL
   * names; a server that fails either is refused (Node's rejectUnauthorized, never turned off) and no event is sent.
   */
  private openTls(): TLSSocket {
    const host = this.host();
    const ca = this.settings.caFile ? readFileSync(this.settings.caFile) : undefined;
    // SNI takes a host name only; an address is checked against the certificate's IP names all the same.
    return tlsConnect({ host, port: Number(this.target.port), ...(isIP(host) ? {} : { servername: host }), ca });
  }

  private host(): string {
    return this.target.hostname.replace(/^\[|\]$/g, '');
  }

  private drop(socket: Socket): void {
    socket.destroy();
    if (this.live === socket) [this.live, this.socket] = [null, null];
  }
}
