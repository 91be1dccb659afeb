/**
 * What the service writes into a page it answers, so the page needs no call before it shows: the cobrand, its
 * languages, the language settled for this request with its texts, and the logo's and stylesheet's addresses. A page
 * served without it (by another back end) makes §7's calls instead.
 */
import type { Cobrand, CobrandLocales } from './cobrand.js';
import type { MessageSource } from './format-message.js';
import type { SessionView, TokenUserInformation } from './session.js';
import type { SecurityOverview } from './security.js';
import type { DeviceCodeView } from './device-code-paths.js';

/** The id of the `<script type="application/json">` element that holds a page's data. */
export const PAGE_DATA_ID = 'portal-page-data';

export interface PageData {
  /** The cobrand the address asked for (its cobrandHost, or the default brand without one), as the page resolves it. */
  requested: string;
  cobrand: Cobrand;
  locales: CobrandLocales;
  locale: string;
  /**
   * The language's texts (Messages and PortalLabels), those with placeholders parsed (the scripts carry no ICU
   * parser); empty for en_US, which the scripts carry.
   */
  dictionary: Record<string, MessageSource>;
  /** Addresses carry the file's version (`?v=`), which the service answers as cached for good. */
  logoUrl: string | null;
  /** The logo's own size, so the page keeps its place before it arrives. */
  logoSize: { width: number; height: number } | null;
  themeUrl: string | null;
  /** A form the browser posted without the script, answered with its screen again (issue 33). */
  posted?: PostedForm;
  /**
   * The token screens' user (§7's user information, for a session allowed there), written in by the service so the
   * screen is drawn, and its form posts, without the script (issue 33); without it the script asks for it.
   */
  tokenUser?: TokenUserInformation;
  /** The security page's lists, for the signed-in user it is rendered for (never kept: the page is theirs alone). */
  security?: SecurityOverview;
  /**
   * The signed-in page's session (§7's session view), for the user it is rendered for, so the page names them and
   * offers log out and its links without the script (never kept: the page is theirs alone).
   */
  signedIn?: SessionView;
  /** The new-device code screen's attempt, for the browser that holds it (never kept: the page is theirs alone). */
  deviceCode?: DeviceCodeView;
}

/**
 * What a form posted natively (without the page's script) brings back to its screen when the service answers it with
 * the screen again: the values typed (never a secret) and what went wrong, as a code the screen words exactly as its
 * script would. The screen's own rules mark the fields, so the texts are the script's.
 */
export interface PostedForm {
  values: Record<string, string>;
  /** A refusal for the whole form (a screen's own codes: `invalid`, `system`, `busy`, ...), or none. */
  failure?: string;
  /** Refusals on fields the service decided (the current password, a PIN), by field id, as the screen's codes. */
  fields?: Record<string, string>;
  /**
   * The refusals as the screen words them, written by the service's renderer (web/src/ssr.tsx) from `failure` and
   * `fields` with the screen's own wording: the page's script shows them as they are and carries no wording of its own.
   */
  page?: PostedError;
  fieldErrors?: Record<string, string>;
  /**
   * The change-password rule lines as the new password sent met them (true) or not (false), the rules only the service
   * checks (history, common) named only when it refused one: the lines are marked as the script marked them when the
   * user pressed Save, though the password itself is not sent back.
   */
  rules?: Record<string, boolean>;
}

/** An error of the whole page as the error summary shows it (§3's page error item). */
export interface PostedError {
  target: string;
  fieldName: string;
  description: string;
  errorHeader?: string;
}

/** The id of a screen's form: the anti-forgery field the service writes at the page's end belongs to it by id. */
export const PORTAL_FORM_ID = 'portal-form';
/** The form field that carries the `sec-token` cookie's value in a native post, as the header does in a call. */
export const FORM_TOKEN_FIELD = 'sec-token';

/**
 * The address parameters a screen reads, besides the cobrand, the language and the logout screen's `confirm`
 * (web/test/rendered-params.test.ts keeps the list whole): a page whose address has one is rendered in the browser,
 * so the service keeps one rendering per cobrand, language and page rather than one per address.
 */
export const STATEFUL_QUERY_PARAMS = [
  'dest',
  'ec',
  'invalidLogin',
  'ssoStep',
  'userId',
  // The next-token screen's sign-in attempt: a page for one visitor.
  'authn_attempt_id',
  // The new-device code screen's attempt, and the mail of a new code just asked for: a page for one visitor.
  'attempt',
  'resent',
  'in_response_to',
  'referral_path',
  // The passkey offer's way on (its no-script "Not now" link): a page for one visitor.
  'next',
] as const;
