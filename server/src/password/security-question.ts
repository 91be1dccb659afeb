/**
 * The question shown at step 2. A user with no question, and a user ID that does not exist, get a decoy that cannot be
 * told from a real user's question: it is drawn from the questions real users hold (a bank's own among them), in
 * their shares, by an HMAC of the ID, so the same ID gets the same decoy at every call and from every cobrand's page.
 */
import { createHmac } from 'node:crypto';
import builtInQuestions from '../../../data/i18n/en_US/SecurityQuestions.json' with { type: 'json' };

/** How many accounts hold one question. */
export interface QuestionShare {
  text: string;
  users: number;
}

/** Only while no account has a question yet (a new installation) are decoys drawn from these: the built-in ones. */
const FALLBACK_QUESTIONS: readonly QuestionShare[] = Object.values(builtInQuestions).map((text) => ({
  text,
  users: 1,
}));

const mac = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\u0000')).digest();

/**
 * Weighted rendezvous hashing: each question scores the ID by an HMAC, scaled by its share; the best score wins. Each
 * question wins with the probability of its share, and when one question's share grows, IDs move only to it: a decoy
 * stays put as the population changes, as a real user's question does.
 */
export function decoyQuestion(key: Buffer, userIdKey: string, shares: readonly QuestionShare[]): string {
  let best = '';
  let bestScore = Infinity;
  for (const { text, users } of shares.length > 0 ? shares : FALLBACK_QUESTIONS) {
    // A uniform draw in (0, 1] from 48 bits of the HMAC.
    const draw = (mac(key, 'decoy', userIdKey, text).readUIntBE(0, 6) + 1) / 2 ** 48;
    const score = -Math.log(draw) / users;
    if (score < bestScore) [best, bestScore] = [text, score];
  }
  return best;
}

/** The question to show: the stored one if the user has one, else the decoy; the decoy is drawn either way. */
export function questionFor(
  key: Buffer,
  userIdKey: string,
  stored: string | null,
  shares: readonly QuestionShare[],
): { questionId: string; questionText: string } {
  const decoy = decoyQuestion(key, userIdKey, shares);
  const questionText = stored ?? decoy;
  return { questionId: `q${mac(key, 'question', userIdKey, questionText).toString('hex').slice(0, 23)}`, questionText };
}
