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
  /** Whether the user may change a portal password: not where the bank's identity provider signs them in. */
  passwordChange: boolean;
}
/** §3 user info for the token screens. */
export interface TokenUserInformation {
  shouldAccess: boolean;
  ldapId: string;
  b2BAlias: string;
  forwardFormEndpoint: string;
}

/** §3 session-expiry warning content. */
export interface SessionWarningContent {
  sessionExpireContinueButtonLabel: string;
  sessionExpireWarningBoxTitle: string;
  sessionExpireLogoutButtonLabel: string;
  generalSessionHelpExpireMessage: string;
  /** Holds `{0}` for the countdown, shown as mm:ss. */
  generalSessionAboutToExpireMessage: string;
  sessionExpirationWarningBoxPingUrl: string;
}
export interface SessionRenewal {
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  /** The service's time of the answer, so a browser with a wrong clock can still count down correctly. */
  serverTime: number;
}
/** §3 log entries of the UI logging service. */
export interface LogEntry {
  message: string;
  level: 'DEBUG' | 'INFO' | 'ERROR';
  attributes?: { key: string; value: string }[];
}
export interface LogEntriesBody {
  logEntries: LogEntry[];
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
