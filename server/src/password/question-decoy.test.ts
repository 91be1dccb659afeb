/**
 * The question an unknown user ID gets must not tell it from a real one: it comes from the questions real users hold,
 * in their shares, the same for the same ID at every call, and a bank's own question is among them.
 */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AccountStore, userIdKey } from '../account/index.js';
import { DEMO_QUESTION } from '../demo-users.js';
import { DIALECTS, type TestApp, type TestClient, useFreshTestApp } from '../../test/harness.js';

/** A bank's own question, set with `users set-question`. */
const BANK_QUESTION = 'Which Skerrymoor branch opened your first account?';
const UNKNOWN_IDS = Array.from({ length: 120 }, (_, i) => `unknown-user-${i}`);

interface Question {
  questionId: string;
  questionText: string;
}

async function questionOf(client: TestClient, userId: string): Promise<Question> {
  const response = await client.post(Paths.securityQuestions, { json: { userId, locale: 'en_US' } });
  expect(response.statusCode).toBe(200);
  return response.json<Question>();
}

async function questionsOf(client: TestClient, userIds: readonly string[]): Promise<Map<string, Question>> {
  const answers = new Map<string, Question>();
  for (const userId of userIds) answers.set(userId, await questionOf(client, userId));
  return answers;
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    async function setBankQuestion(userIds: readonly string[]): Promise<void> {
      const accounts = new AccountStore(t.database.db);
      for (const userId of userIds) {
        const row = await accounts.findByUserId(userIdKey(userId));
        await accounts.setSecurityQuestion(userIdKey(userId), BANK_QUESTION, row!.security_answer_hash!, Date.now());
      }
    }

    it("gives unknown user IDs the real users' questions, a bank's own among them, in about their shares", async () => {
      // Half of the demo users hold the bank's question, the other half the demo one.
      await setBankQuestion(['demopass', 'demoexpired', 'demolocked', 'demoinactive', 'demotoken']);
      const client = t.client();
      await client.openPage();
      const real = await questionOf(client, 'demopass');
      expect(real.questionText).toBe(BANK_QUESTION);

      const decoys = [...(await questionsOf(client, UNKNOWN_IDS)).values()];
      for (const decoy of decoys) {
        expect([BANK_QUESTION, DEMO_QUESTION]).toContain(decoy.questionText);
        expect(decoy.questionId).toMatch(/^q[0-9a-f]{23}$/);
      }
      const bank = decoys.filter((d) => d.questionText === BANK_QUESTION).length;
      expect(bank).toBeGreaterThan(35);
      expect(bank).toBeLessThan(85);
    });

    it('keeps an unknown ID on its question: across calls, and when another question gains users it moves only there', async () => {
      await setBankQuestion(['demopass', 'demoexpired']);
      const client = t.client();
      await client.openPage();
      const before = await questionsOf(client, UNKNOWN_IDS);
      expect(await questionsOf(client, UNKNOWN_IDS)).toEqual(before);

      // More users take the bank's question; the service reads the new shares within its refresh time.
      await setBankQuestion(['demolocked', 'demoinactive', 'demotoken']);
      t.clock.advance(10 * 60_000);
      const after = await questionsOf(client, UNKNOWN_IDS);
      const moved = UNKNOWN_IDS.filter((id) => after.get(id)!.questionText !== before.get(id)!.questionText);
      expect(moved.length).toBeGreaterThan(0);
      for (const id of moved) expect(after.get(id)!.questionText).toBe(BANK_QUESTION);
      for (const id of UNKNOWN_IDS.filter((id) => !moved.includes(id))) expect(after.get(id)).toEqual(before.get(id));
    });
  });
}
