/**
 * The question shown at step 2. A user with no question, and a user ID that does not exist, get a decoy chosen
 * from common questions by an HMAC of the ID: the same every time, and shaped exactly like a real one.
 */
import { createHmac } from 'node:crypto';

const DECOY_QUESTIONS = [
  'What was the name of your first pet?',
  'In what city were you born?',
  'What was the name of your first school?',
  'What is your mother’s maiden name?',
  'What was the make of your first car?',
  'What is the name of the street you grew up on?',
  'What was your childhood nickname?',
  'What is your favourite book?',
];

const mac = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\u0000')).digest();

export function questionFor(
  key: Buffer,
  userIdKey: string,
  stored: string | null,
): { questionId: string; questionText: string } {
  const questionText =
    stored ?? DECOY_QUESTIONS[mac(key, 'decoy', userIdKey).readUInt32BE(0) % DECOY_QUESTIONS.length]!;
  return { questionId: `q${mac(key, 'question', userIdKey, questionText).toString('hex').slice(0, 23)}`, questionText };
}
