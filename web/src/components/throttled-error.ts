/**
 * The throttle's refusal (429, with Retry-After) as a screen shows it: too many tries from this address in a minute.
 * Nothing was tried, so it reads neither as a wrong password ("Invalid Login") nor as a system error; the summary says
 * how long to wait, as the service asked, and the screen keeps what was typed.
 */
import type { Translate } from '../i18n/translator';
import type { PageError } from './ErrorSummary';

/**
 * The error summary's one item for the throttle's refusal. The throttle always names the wait; were it ever left
 * out, its window (a minute) is the longest there is to wait.
 */
export const throttledError = (t: Translate, target: string, fieldName: string, seconds: number | null): PageError => ({
  target,
  fieldName,
  description: t('request.throttled.wait', Math.max(1, seconds ?? 60)),
});
