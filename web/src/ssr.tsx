/**
 * The service's renderer (built by `vite build --ssr` into dist/ssr/, loaded by the service): a screen's HTML for a
 * page's data, so the form is there before any script runs; the page's script then hydrates it (start-page.tsx).
 */
import type { PageData, PostedForm } from '@portal/contract';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { pageTitle } from './page/page-title';
import { pageContextFor, PageTree } from './page/page-tree';
import { ChangePasswordScreen, changePosted } from './screens/change-password-component/ChangePasswordScreen';
import { ForgotPasswordScreen, forgotPosted } from './screens/forgot-password-component/ForgotPasswordScreen';
import { HomeScreen } from './screens/home/HomeScreen';
import { SignInScreen, signInPosted } from './screens/login-signin-component/SignInScreen';
import type { MessageKey, Translate } from './i18n/translator';
import { LogoutScreen } from './screens/logout-component/LogoutScreen';
import { NewPinScreen, newPinPosted } from './screens/new-rsa-pin-component/NewPinScreen';
import { NextTokenScreen, nextTokenPosted } from './screens/next-token-component/NextTokenScreen';
import { NotFoundScreen } from './screens/not-found/NotFoundScreen';
import { PasskeyOfferScreen } from './screens/passkey-offer-component/PasskeyOfferScreen';
import { RecoveryCodeScreen, recoveryCodePosted } from './screens/recovery-code-component/RecoveryCodeScreen';
import { DeviceCodeScreen, deviceCodePosted } from './screens/device-code-component/DeviceCodeScreen';
import { SecurityScreen } from './screens/security-component/SecurityScreen';
import { StandInScreen } from './screens/stand-in/StandInScreen';
import { SsoNoAccountScreen } from './screens/sso-no-account/SsoNoAccountScreen';
import { SsoStartAtPortalScreen } from './screens/sso-start-at-portal/SsoStartAtPortalScreen';

/** By page name, as the service names its built pages (web/dist/pages/<name>.html). */
const SCREENS: Record<string, ComponentType> = {
  'change-password-component': ChangePasswordScreen,
  'forgot-password-component': ForgotPasswordScreen,
  home: HomeScreen,
  'login-signin-component': SignInScreen,
  'logout-component': LogoutScreen,
  'new-rsa-pin-component': NewPinScreen,
  'next-token-component': NextTokenScreen,
  'not-found': NotFoundScreen,
  'passkey-offer-component': PasskeyOfferScreen,
  'recovery-code-component': RecoveryCodeScreen,
  'device-code-component': DeviceCodeScreen,
  'security-component': SecurityScreen,
  'stand-in': StandInScreen,
  'sso-no-account': SsoNoAccountScreen,
  'sso-start-at-portal': SsoStartAtPortalScreen,
};

/** Each screen's wording of what the service refused in its form posted without the script (issue 33). */
const POSTED: Record<string, (t: Translate, posted: PostedForm) => Omit<PostedForm, 'values'>> = {
  'login-signin-component': signInPosted,
  'forgot-password-component': forgotPosted,
  'change-password-component': changePosted,
  'new-rsa-pin-component': newPinPosted,
  'next-token-component': nextTokenPosted,
  'recovery-code-component': recoveryCodePosted,
  'device-code-component': deviceCodePosted,
};

/** Each form's first field and its label: where the summary sends the user for an error of the whole form. */
const FIRST_FIELDS: Record<string, [string, MessageKey]> = {
  'login-signin-component': ['userId', 'signin.userId'],
  'forgot-password-component': ['userId', 'signin.userId'],
  'change-password-component': ['old', 'change.current'],
  'new-rsa-pin-component': ['pin', 'newpin.pin'],
  'next-token-component': ['passcode', 'nexttoken.passcode'],
  'recovery-code-component': ['userId', 'signin.userId'],
  'device-code-component': ['code', 'deviceCode.code'],
};

/**
 * A post that did nothing, on any screen: its anti-forgery token had expired (or was missing), and its page comes with
 * a fresh token to send again (docs/decisions.md, "Forms without the script"); or the throttle held it back. Said in
 * the user's language, on the form's first field.
 */
const NOTHING_DONE: Partial<Record<string, MessageKey>> = {
  expired: 'request.forbidden',
  throttled: 'request.throttled',
};

function nothingDone(t: Translate, page: string, key: MessageKey): Omit<PostedForm, 'values'> {
  const [target, label] = FIRST_FIELDS[page]!;
  return { page: { target, fieldName: t(label), description: t(key) } };
}

/** The form posted without the script with its refusals worded by its screen, for the page's data and its render. */
export function wordPosted(page: string, data: PageData): PostedForm | undefined {
  const { posted } = data;
  const word = POSTED[page];
  if (!posted || !word) return posted;
  const { t } = pageContextFor(data, { path: '', query: new URLSearchParams() });
  const whole = NOTHING_DONE[posted.failure ?? ''];
  return { ...posted, ...(whole ? nothingDone(t, page, whole) : word(t, posted)) };
}

/** The screen's HTML, or null for a page this renderer does not know. */
export function renderScreen(page: string, data: PageData, path: string, search: string): string | null {
  const Screen = SCREENS[page];
  if (!Screen) return null;
  const value = pageContextFor(data, { path, query: new URLSearchParams(search) });
  return renderToString(<PageTree Screen={Screen} value={value} />);
}

/** §2's browser title of the page, in its language, for the service to write into the page's head. */
export function screenTitle(page: string, data: PageData): string | null {
  const value = pageContextFor(data, { path: '', query: new URLSearchParams() });
  const title = pageTitle(page, value);
  // A form posted without the script and answered with errors: GOV.UK's "Error:" prefix, as the script sets it.
  const { page: pageError, fieldErrors = {} } = data.posted ?? {};
  const errors = Boolean(pageError) || Object.keys(fieldErrors).length > 0;
  return title && errors ? value.t('page.title.errorPrefix', title) : title;
}
