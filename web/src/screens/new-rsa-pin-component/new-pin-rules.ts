/** The new-PIN screen's rules (§5): all fields required; a PIN of four digits not starting with 0, confirmed; an 8-digit passcode. */
import { PASSCODE_LENGTH, PIN_LENGTH } from '@portal/contract';
import type { FieldErrors } from '../../components/use-form';
import type { Translate } from '../../i18n/translator';

export type PinField = 'pin' | 'confirm' | 'passcode';
export const FIELDS: readonly PinField[] = ['pin', 'confirm', 'passcode'];

const digits = (count: number) => new RegExp(`^\\d{${count}}$`);

export function newPinErrors(t: Translate, values: Record<PinField, string>): FieldErrors<PinField> {
  const errors: FieldErrors<PinField> = {};
  for (const field of FIELDS) if (!values[field]) errors[field] = t('field.required');
  if (values.pin && !digits(PIN_LENGTH).test(values.pin)) errors.pin = t('newpin.pinLength');
  else if (values.pin.startsWith('0')) errors.pin = t('newpin.pinZero');
  if (values.confirm && values.confirm !== values.pin) errors.confirm = t('newpin.mismatch');
  if (values.passcode && !digits(PASSCODE_LENGTH).test(values.passcode)) errors.passcode = t('newpin.passcodeLength');
  return errors;
}
