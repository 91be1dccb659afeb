/**
 * A user as the console's user page shows them: the account, why they cannot sign in, how they sign in, their
 * passkeys, trusted devices, live sessions and last sign-in tries, read together and again after each change.
 */
import type { Approval } from './approvals';
import { adminPath, consoleCall, userPath } from './console-api';
import type {
  ConsolePasskey,
  ConsoleSession,
  ConsoleUser,
  SignInMethods,
  SignInProblem,
  SignInTry,
  TrustedDevice,
} from './console-types';
import { useReading } from './use-reading';

export interface UserState {
  user: ConsoleUser;
  problems: SignInProblem[];
  methods: SignInMethods;
  passkeys: ConsolePasskey[];
  sessions: ConsoleSession[];
  signIns: SignInTry[];
  devices: TrustedDevice[];
  /** The user's changes waiting for a second operator. */
  approvals: Approval[];
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
    consoleCall<{ approvals: Approval[] }>(adminPath(`/approvals?userId=${encodeURIComponent(userId)}`)),
  ]).then(([user, why, { passkeys }, { sessions }, { signIns }, { devices }, methods, { approvals }]) => ({
    user,
    problems: why.problems,
    methods,
    passkeys,
    sessions,
    signIns,
    devices,
    approvals,
  }));

export const useUser = (userId: string, ended: (error: unknown) => boolean) => useReading(() => read(userId), ended);
