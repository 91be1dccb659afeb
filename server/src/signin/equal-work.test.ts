/**
 * The equal-work rule in one place (security checklist 2 and 15): whatever a registered method does or forgets, the
 * service has its equal work done exactly once for every try, and a method is asked only after it. A stand-in method
 * here is what a new method (a passkey, say) would be; signin-equal-work.test.ts counts the real argon2 work.
 */
import { describe, expect, it } from 'vitest';
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord } from '../cobrand/index.js';
import { EqualWork } from './equal-work.js';
import type { MethodTry, SignInForm, SignInMethod } from '../signin-kernel/index.js';

/** A method that records its work (on whom) and whether it was asked, and refuses every try. */
function recording(form: SignInForm, loginType: string) {
  const log: string[] = [];
  const method: SignInMethod<string> = {
    name: form,
    form,
    serves: (account) => account.login_type === loginType,
    equalWork: async (_secret, on) => {
      log.push(`work on ${on ? on.account.user_id : 'nobody'}`);
      return 'work done';
    },
    verify: async (_attempt, work) => {
      log.push(`asked after ${work}`);
      return null;
    },
  };
  return { method, log };
}

const record = {} as CobrandRecord;
const tryOf = (form: SignInForm, loginType: string): MethodTry => ({
  account: { user_id: 'ada', login_type: loginType } as AccountRow,
  record,
  form,
  secret: 'secret',
  browser: { sessionId: undefined, locale: undefined, origin: { address: '127.0.0.1' }, deviceId: undefined },
  now: 0,
  page: 'default',
});

describe('EqualWork', () => {
  const setup = () => {
    const password = recording('password', 'password');
    const token = recording('token', 'token');
    return { password, token, work: new EqualWork([password.method, token.method]) };
  };

  it("does the work of the form's method on nobody, once, for a try no account was claimed for", async () => {
    const { password, token, work } = setup();
    await work.onNobody('token', 'secret', 0, 'default');
    expect({ password: password.log, token: token.log }).toEqual({ password: [], token: ['work on nobody'] });
  });

  it("asks the account's method only after its work on the account, once", async () => {
    const { password, token, work } = setup();
    expect(await work.ask(tryOf('password', 'password'))).toBeNull();
    expect({ password: password.log, token: token.log }).toEqual({
      password: ['work on ada', 'asked after work done'],
      token: [],
    });
  });

  it("does the sent form's work on nobody, once, and asks no method, for a form the account's method does not read", async () => {
    const { password, token, work } = setup();
    expect(await work.ask(tryOf('token', 'password'))).toBeNull();
    expect({ password: password.log, token: token.log }).toEqual({ password: [], token: ['work on nobody'] });
  });

  it('does the work on nobody, once, for an account no registered method serves', async () => {
    const { password, token, work } = setup();
    expect(await work.ask(tryOf('password', 'passkey'))).toBeNull();
    expect({ password: password.log, token: token.log }).toEqual({ password: ['work on nobody'], token: [] });
  });
});
