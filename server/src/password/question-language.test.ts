/**
 * Step 2 asks a built-in security question in the page's language (a real user's and a decoy alike), while the
 * answer is the one the user set and the question's ID is the same in every language; a bank's own question shows
 * in the words its catalogue record gives for that language, else as the bank wrote it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Paths, SUPPORTED_LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AccountStore, userIdKey } from '../account/index.js';
import { DEMO_ANSWER } from '../demo-users.js';
import { I18N_DIR } from '../paths.js';
import { QUESTIONS_FILE, QuestionTexts } from './question-texts.js';
import { DIALECTS, type TestApp, type TestClient, useMailTestApp } from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp.js';

const questionsIn = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(I18N_DIR, locale, QUESTIONS_FILE), 'utf8'));
const FIRST_PET = 'securityQuestion.firstPet';

interface Question {
  questionId: string;
  questionText: string;
}
async function questionOf(client: TestClient, userId: string, locale: string): Promise<Question> {
  const response = await client.post(Paths.securityQuestions, { json: { userId, locale } });
  expect(response.statusCode).toBe(200);
  return response.json<Question>();
}

describe('the built-in questions', () => {
  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'en_US'))('are all translated into %s', (locale) => {
    const english = questionsIn('en_US');
    const translated = questionsIn(locale);
    expect(Object.keys(translated)).toEqual(Object.keys(english));
    // British English differs only in spelling ("favourite"), so it is not a translation to check for copies.
    const copies = Object.keys(english).filter((key) => translated[key] === english[key]);
    if (locale !== 'en_GB') expect(copies).toEqual([]);
  });

  it("knows a built-in question set in any language's wording, British spelling or other spacing", () => {
    const texts = new QuestionTexts();
    const german = questionsIn('de')['securityQuestion.favouriteBook'];
    for (const stored of [
      'What is your favourite book?',
      'What is your favorite book?',
      ' wie heißt  Ihr Lieblingsbuch? ',
    ])
      expect(texts.shown(stored, 'de')).toBe(german);
    expect(texts.shown('Wie heißt Ihr Lieblingsbuch?', 'xx')).toBe('What is your favorite book?');
  });
});

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    it("asks a user's built-in question in the page's language, and takes the answer the user set", async () => {
      const client = t.client();
      await client.openPage();
      const english = await questionOf(client, 'demopass', 'en_US');
      for (const locale of ['de', 'ja', 'pl', 'ru']) {
        const asked = await questionOf(client, 'demopass', locale);
        expect(asked).toEqual({ questionId: english.questionId, questionText: questionsIn(locale)[FIRST_PET] });
      }
      const german = await questionOf(client, 'demopass', 'de');
      const securityQuestionSTO = { ...german, questionResponse: DEMO_ANSWER };
      const answered = await client.post(Paths.temporaryPasswords, {
        json: { userId: 'demopass', locale: 'de', cobrandName: 'skerrymoor', securityQuestionSTO },
      });
      expect(answered.statusCode).toBe(200);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toBe('demopass@example.com');
    });

    it('asks an unknown user ID its decoy in the same language as a real question', async () => {
      const client = t.client();
      await client.openPage();
      const german = Object.values(questionsIn('de'));
      for (const userId of ['nobody-1', 'nobody-2', 'nobody-3'])
        expect(german).toContain((await questionOf(client, userId, 'de')).questionText);
    });

    it("shows a bank's own question in its catalogue's words for the page's language, else as the bank set it", async () => {
      const accounts = new AccountStore(t.database.db);
      const row = await accounts.findByUserId(userIdKey('demopass'));
      const own = 'Which Skerrymoor branch opened your first account?';
      await accounts.setSecurityQuestion(userIdKey('demopass'), own, row!.security_answer_hash!, Date.now());
      const client = t.client();
      await client.openPage();
      const ask = async (json: object) =>
        (await client.post(Paths.securityQuestions, { json: { userId: 'demopass', ...json } })).json<Question>();
      const english = await ask({ locale: 'en_US', cobrandName: 'skerrymoor' });
      expect(english.questionText).toBe(own);
      expect(await ask({ locale: 'es', cobrandName: 'skerrymoor' })).toEqual({
        questionId: english.questionId,
        questionText: '¿En qué sucursal de Skerrymoor Bank abrió su primera cuenta?',
      });
      // Another bank's page has no words for it, nor has a language the bank did not translate it into.
      expect((await ask({ locale: 'es', cobrandName: 'larchmere' })).questionText).toBe(own);
      expect((await ask({ locale: 'de', cobrandName: 'skerrymoor' })).questionText).toBe(own);
    });
  });
}
