import type { Cobrand } from '@portal/contract';
import type { Translate } from '../i18n/translator';

/** Where a cobrand's sign-in label written as a whole message puts its application name. */
const NAME = '{0}';

/**
 * §2: the sign-in heading (and the page's title): the cobrand's sign-in label and its application name. A label in a
 * language that declines or needs an article ("Logowanie: {0}", "{0}へようこそ") is written as a whole message with
 * `{0}` where the name goes; it is the bank's own text, so it is filled in as it is, not parsed as a message. A label
 * without it ("Sign in to") goes through the language's own `signin.heading`, which keeps English's label plus name
 * and elsewhere puts the name where it stays in the nominative, whatever the bank calls its application.
 */
export function signInHeading(t: Translate, { signInToLabel, appName }: Pick<Cobrand, 'signInToLabel' | 'appName'>) {
  return signInToLabel.includes(NAME)
    ? signInToLabel.split(NAME).join(appName)
    : t('signin.heading', signInToLabel, appName);
}
