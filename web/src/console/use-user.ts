/**
 * A user as the console's user page shows them: the account, why they cannot sign in, how they sign in, their passkeys, trusted
 * devices, live sessions and last sign-in tries, read together and again after each change; what the last change did, or why it did nothing.
 */
import { useState } from 'react';
import { consoleCall, userPath } from './console-api';
import { useTexts } from './console-texts';
import type {
  ConsolePasskey,
  ConsoleSession,
  ConsoleUser,
  SignInMethods,
  SignInProblem,
  SignInTry,
  TrustedDevice,
} from './console-types';

export interface UserState {
  user: ConsoleUser;
  problems: SignInProblem[];
  methods: SignInMethods;
  passkeys: ConsolePasskey[];
  sessions: ConsoleSession[];
  signIns: SignInTry[];
  devices: TrustedDevice[];
}

const read = (userId: string): Promise<UserState> =>
  Promise.all([
    consoleCall<ConsoleUser>(userPath(userId)),
    consoleCall<{ problems: SignInProblem[] }>(userPath(userId, '/sign-in-problems')),
    consoleCall<{ passkeys: ConsolePasskey[] }>(userPath(userId, '/passkeys')),
    consoleCall<{ sessions: ConsoleSession[] }>(userPath(userId, '/sessions')),
    consoleCall<{ signIns: SignInTry[] }>(userPath(userId, '/sign-ins')),
    consoleCall<{ devices: TrustedDevice[] }>(userPath(userId, '/devices')),
    consoleCall<SignInMethods>(userPath(userId, '/sign-in-methods')),
  ]).then(([user, why, { passkeys }, { sessions }, { signIns }, { devices }, methods]) => ({
    user,
    problems: why.problems,
    methods,
    passkeys,
    sessions,
    signIns,
    devices,
  }));

export function useUser(userId: string, ended: (error: unknown) => boolean) {
  const { failure } = useTexts();
  const [state, setState] = useState<UserState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = () =>
    read(userId)
      .then(setState)
      .catch((failed: unknown) => ended(failed) || setError(failure(failed)));
  /** A change went through: read the user again, then say what was done. */
  const finished = (said: string) => {
    setError(null);
    void load().then(() => setDone(said));
  };
  /** A change found the user changed (409): nothing was done; read them again and say so. */
  const stale = (message: string) => {
    setDone(null);
    void load().then(() => setError(message));
  };
  return { state, error, done, load, finished, stale };
}
