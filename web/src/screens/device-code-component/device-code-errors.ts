// What the code screen says went wrong, worded the same by its script and by the service's renderer.
import type { DeviceCodeStatus } from '@portal/contract/device-code';
import type { PageError } from '../../components/ErrorSummary';
import type { FieldErrors } from '../../components/use-form';
import type { Translate } from '../../i18n/translator';

/** The form's check (contract's validateDeviceCode) or the service's refusal of the code, worded. */
export function fieldErrors(t: Translate, code: string | undefined): FieldErrors<'code'> {
  if (!code) return {};
  if (code === 'required') return { code: t('field.required') };
  return { code: t(code === 'invalid' ? 'deviceCode.wrong' : 'deviceCode.format') };
}

/** What the service said of the last code's mail: an error only when it could not go. */
export const mailError = (t: Translate, status: DeviceCodeStatus | undefined, label: string): PageError | undefined =>
  status === 'unsent' || status === 'limit'
    ? {
        target: 'code',
        fieldName: label,
        description: t(status === 'unsent' ? 'deviceCode.unsent' : 'deviceCode.limit'),
      }
    : undefined;

/** The attempt is over (five wrong codes, or expired): sign in again. */
export const ended = (t: Translate, label: string): PageError => ({
  target: 'code',
  fieldName: label,
  description: t('deviceCode.ended'),
});
