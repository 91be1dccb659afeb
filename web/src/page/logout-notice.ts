/**
 * A message a screen leaves for the logout screen when it logs the user out: an error (§8, new PIN), or what just
 * happened (a new PIN saved).
 */
export const LOGOUT_NOTICE_ITEM = 'portal.logoutNotice';
