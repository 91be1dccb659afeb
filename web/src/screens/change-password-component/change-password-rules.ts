/** §8's external codes (`ec`) of the change-password screen: which field each lands on, with which message. */
import type { MessageKey } from '../../i18n/translator';

export type ChangeField = 'old' | 'new1' | 'new2';

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
};
