/**
 * The audit's kinds are what the capabilities declare into `AuditKinds` (each in its index.ts): `npm test` typechecks
 * this file, so a kind no capability declares, or a declaration that stopped merging, fails there.
 */
import { describe, expect, it } from 'vitest';
import type { AuditKind } from './audit-log.js';

describe('audit kinds', () => {
  it('are the ones the capabilities declare, and no other', () => {
    const declared: AuditKind[] = ['signin.success', 'passkey.added', 'recovery-code.used', 'admin.call'];
    // @ts-expect-error a kind no capability declares is no kind
    const undeclared: AuditKind = 'nobody.declared';
    expect(declared).toHaveLength(4);
    expect(undeclared).toBe('nobody.declared');
  });
});
