/** The part of the `radius` package's codec (1.1.x) the RADIUS client uses; the package ships no types. */
declare module 'radius' {
  export interface RadiusPacket {
    code: string;
    identifier: number;
    authenticator: Buffer;
    attributes: Record<string, unknown>;
    /** Every attribute as sent, in order: [type, value]. */
    raw_attributes: [number, Buffer][];
  }
  export function encode(args: {
    code: string;
    secret: string;
    identifier: number;
    /** For an answer: the request's authenticator, which its Response Authenticator covers. */
    authenticator?: Buffer;
    attributes: [string, string | Buffer][];
    add_message_authenticator?: boolean;
  }): Buffer;
  /** Adds a Message-Authenticator when the request has one. */
  export function encode_response(args: {
    packet: RadiusPacket;
    code: string;
    secret: string;
    attributes: [string, string | Buffer][];
  }): Buffer;
  export function decode(args: { packet: Buffer; secret: string }): RadiusPacket;
  export function verify_response(args: { request: Buffer; response: Buffer; secret: string }): boolean;
}
