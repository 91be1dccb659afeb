// After a full sign-in, one skippable offer to create a passkey (issue 34): the service sends the browser here only
// where the cobrand offers passkeys, the user has none and this device has not skipped it; the page asks once more
// (GET offer, which also checks where to go on) and goes on at once where the browser cannot make one.
import { PASSKEY_SKIP_COOKIE, PASSKEY_SKIP_DAYS, PasskeyPaths, Paths } from '@portal/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client';
import { ErrorSummary, type PageError } from '../../components/ErrorSummary';
import { usePage } from '../../page/page-context';
import { createPasskey } from '../../passkeys/create-passkey';

const CREATE_BUTTON = 'passkey-create';
/** GET offer's answer (docs/api.md). */
interface PasskeyOffer {
  offer: boolean;
  next: string;
}

/** The skip, remembered on this device (docs/decisions.md). */
function skipOnThisDevice(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = PASSKEY_SKIP_DAYS * 24 * 60 * 60;
  document.cookie = `${PASSKEY_SKIP_COOKIE}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Where a browser without the script goes on: `next` when it is a path on this site (nothing another site could
 * have put there leads off it), else the cobrand's home, where the service's check would send it too.
 */
function onwardWithoutScript(next: string | null, cobrand: string): string {
  if (next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')) return next;
  return `${Paths.platformHome}?cobrandHost=${encodeURIComponent(cobrand)}`;
}

export function PasskeyOfferScreen() {
  const { t, cobrand, query } = usePage();
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<PageError[]>([]);

  useEffect(() => {
    const asked = `${PasskeyPaths.offer}?${new URLSearchParams({ next: query.get('next') ?? '' }).toString()}`;
    getJson<PasskeyOffer>(asked).then(
      (offer) => (offer.offer && browserSupportsWebAuthn() ? setNext(offer.next) : location.replace(offer.next)),
      // No answer (the session ended meanwhile): the sign-in page says what there is to do.
      () =>
        location.replace(`/public-portal-ui/login-signin-component?cobrandHost=${encodeURIComponent(cobrand.name)}`),
    );
  }, [query, cobrand.name]);

  if (next === null)
    return (
      <div className="portal-passkey-offer">
        <h1 className="portal-heading">{t('page.title.passkey-offer-component')}</h1>
        {/* No passkey is made without the script: the page's noscript stylesheet shows the way on (issue 33). */}
        <p className="portal-passkey-offer__onward">
          <a
            className="portal-button portal-button--secondary"
            href={onwardWithoutScript(query.get('next'), cobrand.name)}
          >
            {t('passkeyOffer.skip')}
          </a>
        </p>
      </div>
    );

  async function create(to: string) {
    setBusy(true);
    try {
      await createPasskey();
      location.assign(to);
    } catch {
      setBusy(false);
      const fieldName = t('passkeyOffer.create');
      setErrors([{ target: CREATE_BUTTON, fieldName, description: t('passkeyOffer.failed') }]);
    }
  }

  return (
    <div className="portal-passkey-offer">
      <h1 className="portal-heading">{t('page.title.passkey-offer-component')}</h1>
      <ErrorSummary errors={errors} revision={errors.length} />
      <p>{t('passkeyOffer.intro', cobrand.appName)}</p>
      <p className="portal-button-row">
        <button
          type="button"
          id={CREATE_BUTTON}
          className="portal-button portal-button--primary"
          aria-busy={busy}
          onClick={() => void create(next)}
        >
          {t('passkeyOffer.create')}
        </button>{' '}
        <button
          type="button"
          className="portal-button portal-button--secondary"
          aria-describedby="passkey-skip-hint"
          onClick={() => {
            skipOnThisDevice();
            location.assign(next);
          }}
        >
          {t('passkeyOffer.skip')}
        </button>
      </p>
      <p id="passkey-skip-hint" className="portal-hint">
        {t('passkeyOffer.skipHint', PASSKEY_SKIP_DAYS)}
      </p>
    </div>
  );
}
