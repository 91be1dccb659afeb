/** The sign-in methods app.ts registers (as `methods.password`, ...); each is one module with ../method.ts's interface. */
import type { PasswordMethodDeps } from './password.js';
import type { SingleSignOnDeps } from './single-sign-on.js';
import type { NextTokenDeps } from './token/next-token.js';
import type { PasskeyMethodDeps } from './passkey/passkey.js';
import type { RecoveryCodeMethodDeps } from './recovery-code/recovery-code.js';

export { passwordMethod as password } from './password.js';
export { singleSignOnMethod as singleSignOn } from './single-sign-on.js';
export { builtinTokenMethod as builtinToken } from './token/builtin-token.js';
export { tokenServerMethod as tokenServer } from './token/token-server.js';
export { passkeyMethod as passkey } from './passkey/passkey.js';
export { recoveryCodeMethod as recoveryCode } from './recovery-code/recovery-code.js';

/** Everything the registered methods need, together. */
export type Deps = PasswordMethodDeps & SingleSignOnDeps & NextTokenDeps & PasskeyMethodDeps & RecoveryCodeMethodDeps;
