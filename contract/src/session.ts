/** Answers of the session calls. */
export interface LoginInfo {
  ldapId: string;
  loginType: 'password' | 'token';
  b2BAlias: string;
}
export interface LoginSigninRecord {
  b2BAlias: string;
}
export interface SessionView {
  userId: string;
  cobrand: string;
  locale: string;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}
export interface LogoutLabels {
  'ng.you.have.been.logged.out': string;
  'ng.return.to.login.screen': string;
  cobrandHostInfo: string;
  fssoLogoutUrl: string | null;
  /** Where the return button leads: the sign-in of the cobrand, or the cobrand's federated-SSO logout address. */
  returnUrl: string;
  /** True when the signed-out session came through single sign-on (§2: then the button hides unless fssoLogoutUrl). */
  ssoLogin: boolean;
}
