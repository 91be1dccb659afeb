/**
 * The values an operator gives for a user, checked once for the command line and the admin API alike (the user ID:
 * provisioning-input.ts). A refusal's
 * message reads after the field's name ("--name must be ...", or `field: "name"` in the error shape).
 */
import { Refusal } from '../refusal.js';

const bad = (field: string, rule: string) => new Refusal('invalid', rule, field);

/** An address mails can go to: one line, no control characters (an escape would reach a terminal or a mail header). */
export function emailOf(given: string | undefined): string {
  const email = given?.trim() ?? '';
  if (email.length > 254 || !/^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+\.[^@\s\p{Cc}]+$/u.test(email))
    throw bad('email', 'must be an e-mail address');
  return email;
}

/** A name mails can greet by: printable, one line, at most the column's 200 characters. */
export function nameOf(given: string | undefined): string {
  const name = (given ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > 200 || /\p{Cc}/u.test(name)) throw bad('name', 'must be 1 to 200 printable characters');
  return name;
}

/** A security question and its answer: the question fits its column, the answer has at least 4 characters. */
export function questionOf(question: string | undefined, answer: string | undefined) {
  const text = question?.trim() ?? '';
  const said = answer?.trim() ?? '';
  if (!text || text.length > 255 || /\p{Cc}/u.test(text))
    throw bad('question', 'must be 1 to 255 printable characters');
  if (said.length < 4 || said.length > 200) throw bad('answer', 'must be at least 4 characters (at most 200)');
  return { question: text, answer: said };
}

/** A provisioning client's ID of a user (SCIM `externalId`): printable, at most the column's 255; empty: none. */
export function externalIdOf(given: string | undefined | null): string | null {
  const id = given?.trim() ?? '';
  if (!id) return null;
  if (id.length > 255 || /\p{Cc}/u.test(id)) throw bad('externalId', 'must be at most 255 printable characters');
  return id;
}
