/** The change-password screen's rules (§5) and §8's external codes (`ec`): which field each lands on, with what. */
import { trimmed } from '@portal/contract';
import { brokenPasswordRules } from '@portal/contract/password-rules';
import type { FieldErrors } from '../../components/use-form';
import type { MessageKey, Translate } from '../../i18n/translator';

export type ChangeField = 'old' | 'new1' | 'new2';
export const FIELDS: readonly ChangeField[] = ['old', 'new1', 'new2'];

/** §5: every field required; the new password not the user ID and within the rules; the confirmation equal to it. */
export function changePasswordErrors(t: Translate, userId: string, values: Record<ChangeField, string>) {
  const errors: FieldErrors<ChangeField> = {};
  for (const field of FIELDS) if (!values[field]) errors[field] = t('field.required');
  const fresh = trimmed(values.new1);
  if (values.new1 && fresh.toLowerCase() === userId.toLowerCase()) errors.new1 = t('change.sameAsUserId');
  else if (values.new1 && brokenPasswordRules(fresh, userId).length) errors.new1 = t('change.construction');
  if (values.new1 && values.new2 && values.new1 !== values.new2) errors.new2 = t('change.mismatch');
  return errors;
}

export const EC_ERRORS: Record<string, { field: ChangeField; key: MessageKey }> = {
  '0x132120c9': { field: 'old', key: 'password.current.invalid' },
  '0x38cf07ec': { field: 'new2', key: 'change.mismatch' },
  '0x38cf07eb': { field: 'new1', key: 'change.construction' },
  '0x1321212d': { field: 'new1', key: 'change.construction' },
  '0x1321212c': { field: 'new1', key: 'change.construction' },
};

/** The codes the service sends with a password that must be replaced: a notice, not an error. */
export const EC_NOTICES: Record<string, MessageKey> = {
  '0x13212079': 'password.expired',
  '0x132120c8': 'password.initial.expired',
  // The portal's own: the password was right but is known from a breach (server/src/signin/signin-service.ts).
  breached: 'password.breached',
};
