/**
 * How an operator may sign in besides the password and code, as the service says once per page: the bank's staff
 * identity provider, and passkeys (where the console's address can be a relying party).
 */
import { ConsolePaths } from '@portal/contract/console';
import { useEffect, useState } from 'react';
import { consoleCall } from './console-api';

export interface WaysIn {
  /** The staff identity provider. */
  offered: boolean;
  passkeys: boolean;
}

const NONE: WaysIn = { offered: false, passkeys: false };
let asked: Promise<WaysIn> | null = null;

export function useWaysIn(): WaysIn {
  const [ways, setWays] = useState(NONE);
  useEffect(() => {
    asked ??= consoleCall<WaysIn>(ConsolePaths.signOn).catch(() => NONE);
    void asked.then(setWays);
  }, []);
  return ways;
}
