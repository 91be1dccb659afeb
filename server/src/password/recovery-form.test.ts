/**
 * Issue 33: the forgot-password screen's form posted without the script. Step 1 answers the screen at the question,
 * step 2 at "an e-mail will be sent", and the mailed temporary password signs in to change password, as the script's.
 */
import { FORM_TOKEN_FIELD, routePath } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ANSWER, DEMO_QUESTION } from '../demo-users.js';
import { DIALECTS, type TestApp, type TestClient, useMailTestApp } from '../../test/harness.js';
import { type TestSmtpServer, temporaryPasswordIn } from '../../test/smtp.js';

const NEW = 'Northern-Lights-9';
const FORGOT = `${routePath('forgot-password-component')}?cobrandHost=skerrymoor`;
const SIGN_IN = `${routePath('login-signin-component')}?cobrandHost=skerrymoor`;

const fieldToken = (html: string) => new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const hidden = (html: string, name: string) =>
  new RegExp(`type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
const summaryLinks = (html: string) =>
  [...html.matchAll(/error-summary__link" href="(#[^"]+)">([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);

/** Each change-password rule line's state as a screen reader reads it ("met", "not met yet", ...). */
const ruleLines = (html: string) =>
  [...html.matchAll(/portal-rules__item[^"]*">[^<]*<span class="portal-visually-hidden"> \(([^)]*)\)/g)].map(
    // React writes an empty comment between adjacent text nodes; a screen reader reads none of it.
    (m) => m[1]!.replaceAll('<!-- -->', ''),
  );

/** Posts the form of the page last answered, as the browser sends it. */
async function post(client: TestClient, url: string, page: string, fields: Record<string, string>) {
  return client.post(url, { form: { ...fields, [FORM_TOKEN_FIELD]: fieldToken(page) }, browser: true, csrf: false });
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    it('leads from the user ID to the question to the mail, whose password signs in to change password', async () => {
      const client = t.client();
      const opened = (await client.get(FORGOT, { browser: true })).body;
      const asked = await post(client, FORGOT, opened, { userId: ' demopass ' });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain(DEMO_QUESTION);
      expect(hidden(asked.body, 'userId')).toBe('demopass');
      expect(asked.body).toMatch(/<input[^>]*id="answer"/);
      const fields = { userId: 'demopass', questionId: hidden(asked.body, 'questionId')!, questionText: DEMO_QUESTION };
      const sent = await post(client, FORGOT, asked.body, { ...fields, answer: DEMO_ANSWER });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('portal-forgot__sent');
      const temporary = temporaryPasswordIn((await smtp.waitFor(1))[0]!);

      const signIn = (await client.get(SIGN_IN, { browser: true })).body;
      const signedIn = await post(client, SIGN_IN, signIn, { userId: 'demopass', password: temporary });
      expect(signedIn.statusCode).toBe(303);
      const change = signedIn.headers.location as string;
      expect(change).toBe('/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=skerrymoor');

      // The change-password screen, rendered for its code, and its form: errors as the script shows them, then done.
      const opened2 = await client.get(change, { browser: true });
      expect(opened2.body).toContain('Initial Password has expired. Please enter a new password.');
      expect(opened2.body).toMatch(/<input[^>]*id="old"/);
      const mismatch = await post(client, change, opened2.body, { old: temporary, new1: NEW, new2: `${NEW}x` });
      expect(mismatch.statusCode).toBe(400);
      expect(summaryLinks(mismatch.body)).toEqual([
        '#new2 Confirm new password: The new password and its confirmation do not match.',
      ]);
      // The rule lines as the password sent met them (it is not sent back), as the script left them at Save.
      expect(ruleLines(mismatch.body)).toEqual([
        'met',
        'met',
        'met',
        'met',
        'checked when you save',
        'checked when you save',
      ]);
      const short = await post(client, change, mismatch.body, { old: temporary, new1: 'aaa1', new2: 'aaa1' });
      expect(ruleLines(short.body).slice(0, 4)).toEqual(['not met yet', 'met', 'not met yet', 'met']);
      const wrong = await post(client, change, mismatch.body, { old: 'Not-It-1234', new1: NEW, new2: NEW });
      expect(wrong.statusCode).toBe(400);
      expect(summaryLinks(wrong.body)).toEqual(['#old Current password: Current Password is invalid']);
      const done = await post(client, change, wrong.body, { old: temporary, new1: NEW, new2: NEW });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
      expect((await client.get('/sdportal/rest/session')).statusCode).toBe(200);
    });

    it('answers an unknown user ID with a question of the same shape, and a wrong answer as a right one', async () => {
      const client = t.client();
      const opened = (await client.get(FORGOT, { browser: true })).body;
      const asked = await post(client, FORGOT, opened, { userId: 'nobody-here' });
      expect(asked.statusCode).toBe(200);
      expect(hidden(asked.body, 'questionId')).toMatch(/^q[0-9a-f]{23}$/);
      const fields = { userId: 'nobody-here', questionId: hidden(asked.body, 'questionId')!, answer: 'whatever' };
      const sent = await post(client, FORGOT, asked.body, fields);
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('portal-forgot__sent');
    });

    it('asks again for an empty field, naming it in the summary, with nothing done', async () => {
      const client = t.client();
      const opened = (await client.get(FORGOT, { browser: true })).body;
      const empty = await post(client, FORGOT, opened, { userId: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(summaryLinks(empty.body)).toEqual(['#userId User ID is required.']);
      const asked = await post(client, FORGOT, empty.body, { userId: 'demopass' });
      const fields = { userId: 'demopass', questionId: hidden(asked.body, 'questionId')!, answer: '' };
      const noAnswer = await post(client, FORGOT, asked.body, fields);
      expect(noAnswer.statusCode).toBe(400);
      expect(summaryLinks(noAnswer.body)).toEqual(['#answer Answer is required.']);
      expect(noAnswer.body).toContain(`value="${fields.questionId}"`);
    });
  });
}
