/**
 * A software WebAuthn authenticator for the API tests: a P-256 key per credential, `none` attestation, and assertions
 * whose parts (origin, RP ID, flags, counter, challenge) a test can set wrong one at a time.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** Just enough CBOR for an attestation object and a COSE key. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24
      ? Buffer.from([(major << 5) | n])
      : n < 256
        ? Buffer.from([(major << 5) | 24, n])
        : Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value as object);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

export interface Tamper {
  origin?: string;
  rpId?: string;
  flags?: number;
  counter?: number;
  challenge?: string;
  /** Another user handle; null: none at all (an authenticator that names no user). */
  userHandle?: string | null;
  /** Sign with this credential's key, but name another's ID. */
  credentialId?: string;
}

export class SoftCredential {
  readonly id = b64url(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x?: string; y?: string };
  counter = 0;

  constructor(
    readonly userHandle: string,
    private readonly origin = 'http://localhost:8080',
    private readonly rpId = 'localhost',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' });
  }

  cose(): Buffer {
    return cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x!, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  /** The registration's answer to `options` (as @simplewebauthn/browser's startRegistration hands it over). */
  register(options: { challenge: string }, tamper: Tamper = {}) {
    const idBytes = Buffer.from(this.id, 'base64url');
    const length = Buffer.from([idBytes.length >> 8, idBytes.length & 255]);
    const attested = Buffer.concat([Buffer.alloc(16), length, idBytes, this.cose()]);
    const flags = tamper.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.AT;
    const authData = this.authData(tamper.rpId ?? this.rpId, flags | FLAGS.AT, 0, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData(
          'webauthn.create',
          tamper.challenge ?? options.challenge,
          tamper.origin ?? this.origin,
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** An assertion for `options`, the counter moved on by one unless the tamper sets it. */
  assert(options: { challenge: string }, tamper: Tamper = {}) {
    if (tamper.counter === undefined) this.counter += 1;
    const authData = this.authData(
      tamper.rpId ?? this.rpId,
      tamper.flags ?? FLAGS.UP | FLAGS.UV,
      tamper.counter ?? this.counter,
    );
    const clientDataJSON = this.clientData(
      'webauthn.get',
      tamper.challenge ?? options.challenge,
      tamper.origin ?? this.origin,
    );
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    const signature = sign('sha256', signed, this.privateKey);
    const id = tamper.credentialId ?? this.id;
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(tamper.userHandle === null ? {} : { userHandle: tamper.userHandle ?? this.userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
