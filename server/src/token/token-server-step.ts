/**
 * The token step at the bank's token server (RADIUS): its answer as a verdict of the portal's. Access-Accept signs in,
 * Access-Reject is a wrong passcode, and Access-Challenge is one of the spec's two token modes, told apart by what
 * its Reply-Message asks for.
 */
import { openSealed, seal } from '../security/sealed-box.js';
import type { RadiusClient } from './radius-client.js';
import { TokenServerUnavailable } from './token-servers.js';

export type ServerVerdict =
  | { kind: 'full' }
  | { kind: 'new_pin'; serverState: Buffer }
  | { kind: 'next_token'; step: number; serverState: Buffer };

/** Asks the token server about a passcode, or about the answer to its challenge (`state`); null: refused. */
export async function askTokenServer(
  client: RadiusClient,
  userName: string,
  password: string,
  state?: Buffer,
): Promise<ServerVerdict | null> {
  const answer = await client.authenticate(userName, password, state);
  if (answer.kind === 'accept') return { kind: 'full' };
  if (answer.kind === 'reject') return null;
  if (answer.kind === 'unavailable') throw new TokenServerUnavailable(answer.reason);
  if (answer.prompt === 'new-pin') return { kind: 'new_pin', serverState: answer.state };
  // The server's own token steps have no step count of the portal's: 0 stands for "the server keeps it".
  if (answer.prompt === 'next-token') return { kind: 'next_token', step: 0, serverState: answer.state };
  throw new TokenServerUnavailable(
    `the token server asked for something the portal cannot ask: "${answer.replyMessage}"`,
  );
}

/** A token server's State at rest: sealed, so a copy of the database cannot answer its challenge. */
export const sealState = (key: Buffer, state: Buffer): string => seal(key, state.toString('base64'));
export const openState = (key: Buffer, sealed: string): Buffer => Buffer.from(openSealed(key, sealed), 'base64');
