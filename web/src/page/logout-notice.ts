/** A message a screen leaves for the logout screen when it logs the user out because of an error (§8, new PIN). */
export const LOGOUT_NOTICE_ITEM = 'portal.logoutNotice';
