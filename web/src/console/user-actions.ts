/** Each change the console makes to a user: the admin API call that makes it, and when the console offers it. */
import { userPath } from './console-api';
import type { Texts } from './console-texts';
import type { Change, ConsolePasskey, ConsoleSession, ConsoleUser, SignInMethods, UserAction } from './console-types';

export const ACTIONS: Record<
  UserAction,
  { method: 'POST' | 'DELETE'; path: string; offered: (user: ConsoleUser, methods: SignInMethods) => boolean }
> = {
  unlock: { method: 'POST', path: '/unlock', offered: (user) => user.status === 'locked' },
  reactivate: { method: 'POST', path: '/reactivate', offered: (user) => user.status === 'inactive' },
  deactivate: { method: 'POST', path: '/deactivate', offered: (user) => user.status !== 'inactive' },
  expirePassword: {
    method: 'POST',
    path: '/expire-password',
    offered: (user) => user.loginType === 'password' && user.passwordState === 'current' && user.deletedAt === null,
  },
  mailTemporaryPassword: {
    method: 'POST',
    path: '/temporary-password',
    offered: (user) => user.status === 'active' && user.loginType === 'password' && user.deletedAt === null,
  },
  // The bank's token server keeps its own PINs: only the portal's own token is put back in new-PIN mode here.
  resetPin: {
    method: 'POST',
    path: '/token/reset-pin',
    offered: (_user, { token }) => token?.heldBy === 'portal' && token.newPin === false,
  },
  endSessions: { method: 'DELETE', path: '/sessions', offered: () => true },
};

export const actionChange = ({ t }: Texts, action: UserAction, userId: string): Change => ({
  title: t(`console.action.${action}`),
  text: t(`console.confirm.${action}`, userId),
  path: userPath(userId, ACTIONS[action].path),
  method: ACTIONS[action].method,
  done: t(`console.done.${action}`, userId),
});

export const removePasskey = ({ t }: Texts, userId: string, passkey: ConsolePasskey): Change => ({
  title: t('console.action.removePasskey'),
  text: t('console.confirm.removePasskey', passkey.name, userId),
  path: userPath(userId, `/passkeys/${encodeURIComponent(passkey.id)}`),
  method: 'DELETE',
  done: t('console.done.removePasskey', passkey.name, userId),
});

export const endSession = ({ t, when }: Texts, userId: string, session: ConsoleSession): Change => ({
  title: t('console.action.endSession'),
  text: t('console.confirm.endSession', userId, when(session.createdAt)),
  path: userPath(userId, `/sessions/${encodeURIComponent(session.id)}`),
  method: 'DELETE',
  done: t('console.done.endSession', userId, when(session.createdAt)),
});

export const forgetDevice = ({ t }: Texts, userId: string, device: { id: string; name: string }): Change => ({
  title: t('console.action.forgetDevice'),
  text: t('console.confirm.forgetDevice', device.name, userId),
  path: userPath(userId, `/devices/${encodeURIComponent(device.id)}`),
  method: 'DELETE',
  done: t('console.done.forgetDevice', device.name, userId),
});
