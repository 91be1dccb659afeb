/**
 * §8's refusal for load (503, code `busy`) as a screen shows it: the service was too busy to start the check and did
 * nothing with what was sent, so it must not read as a wrong password or answer ("Invalid Login"); the screen keeps
 * what was typed, for the user to send again in a moment.
 */
import type { Translate } from '../i18n/translator';
import type { PageError } from './ErrorSummary';

/** The error summary's one item for a refusal for load, linking to the form's first field. */
export const busyError = (t: Translate, target: string, fieldName: string): PageError => ({
  target,
  fieldName,
  description: t('request.busy'),
  errorHeader: t('request.busy.title'),
});
