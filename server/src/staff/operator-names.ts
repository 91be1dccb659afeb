/**
 * An operator's name in its one form: the rules a user ID keeps at provisioning (account/provisioning-input.ts: NFKC,
 * no invisible characters, 1 to 64), handed in by the composition so that the two never drift apart, and no name that
 * looks like another operator's: the audit trail names who did what by it.
 */
import { Refusal } from '../refusal.js';

export interface NameRules {
  /** The given name in its one form; throws a Refusal for one that is not a name. */
  normalise(given: string): string;
  /** What the name looks like (UTS #39): two names with one skeleton are confusable. */
  skeleton(name: string): string;
}

/** The name in its one form, a bad one refused as the operator's (the rules speak of a user ID's field). */
export function operatorNameOf(rules: NameRules, given: string): string {
  try {
    return rules.normalise(given);
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal('invalid', error.message, 'operator');
    throw error;
  }
}

/** The key a name is found by: names are unique whatever their case. */
export const nameKeyOf = (name: string): string => name.toLowerCase();

/** The cobrands as stored (space-separated; empty: every cobrand) and as read back (null: every cobrand). */
export const storedCobrands = (cobrands: readonly string[]): string => [...new Set(cobrands)].join(' ');
export const cobrandsOf = (stored: string): string[] | null => {
  const names = stored.split(' ').filter(Boolean);
  return names.length ? names : null;
};
