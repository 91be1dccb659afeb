/**
 * A request an operator service refuses (the user is unknown or outside the caller's cobrands, already exists, or a
 * value is bad, or the caller would give more than it has): the command line prints its message, the admin API answers it in the error shape. Nothing changed.
 */
export type RefusalKind = 'not-found' | 'conflict' | 'invalid' | 'forbidden';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The request field a bad value came in (`email`, `name`), for the error shape's `field`. */
    readonly field?: string,
    /** Each problem of a bad whole (a catalogue's records), listed for the caller. */
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

/** The cobrands a caller may see and change: null for all of them (the command line, an unlimited API key). */
export interface OperatorScope {
  cobrands: readonly string[] | null;
}

export const ALL_COBRANDS: OperatorScope = { cobrands: null };

export const inScope = (scope: OperatorScope, cobrand: string): boolean =>
  scope.cobrands === null || scope.cobrands.includes(cobrand);
