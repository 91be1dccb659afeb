/** Failures the user need not see (§8: loading failures are only logged). The remote error-log call comes later. */
export function reportFailure(what: string, error: unknown): void {
  console.warn(`portal: ${what} failed`, error);
}
