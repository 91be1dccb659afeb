/** The sign-in methods app.ts registers (as `methods.password`, ...); each is one module with ../method.ts's interface. */
import type { BuiltinTokenDeps } from './builtin-token.js';
import type { PasswordMethodDeps } from './password.js';
import type { SingleSignOnDeps } from './single-sign-on.js';
import type { TokenServerDeps } from './token-server.js';

export { builtinTokenMethod as builtinToken } from './builtin-token.js';
export { passwordMethod as password } from './password.js';
export { singleSignOnMethod as singleSignOn } from './single-sign-on.js';
export { tokenServerMethod as tokenServer } from './token-server.js';

/** Everything the registered methods need, together. */
export type Deps = BuiltinTokenDeps & PasswordMethodDeps & SingleSignOnDeps & TokenServerDeps;
