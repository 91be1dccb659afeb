/**
 * The security page's sections, in the order they show. Each is a component of its own that loads and changes its
 * own data; adding one (passkeys from web/src/passkeys/, trusted devices, recovery codes) is one line here.
 */
import type { ComponentType } from 'react';
import { DevicesSection } from './DevicesSection';
import { PasskeysSection } from './PasskeysSection';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { SessionsSection } from './SessionsSection';
import { SignInsSection } from './SignInsSection';

export const SECTIONS: readonly { id: string; Section: ComponentType }[] = [
  { id: 'sessions', Section: SessionsSection },
  { id: 'passkeys', Section: PasskeysSection },
  { id: 'devices', Section: DevicesSection },
  { id: 'recovery-codes', Section: RecoveryCodesSection },
  { id: 'sign-ins', Section: SignInsSection },
];
