/**
 * Signing in with a passkey (issue 34): offered in the User ID field's autofill as the page loads, where the browser
 * can, and by a button where it can only ask in a dialog. Both end as a password sign-in does, at the address the
 * service answers. Nothing of it runs without the page's script: the form alone stays a password sign-in.
 */
import { PASSKEY_CAPABLE_COOKIE, PasskeyPaths } from '@portal/contract';
import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  platformAuthenticatorIsAvailable,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../api/client';
import { postForOptions, sendAssertion } from '../../passkeys/passkey-calls';

/** How often the autofill is offered again by itself after the service refused the passkey picked in it. */
const AUTOFILL_RESTARTS = 3;

/** How a passkey sign-in that did not sign in ended: refused by the service, given up in the browser, or failed. */
export type PasskeyFailure = 'refused' | 'cancelled' | 'system';

async function signInWithPasskey(autofill: boolean): Promise<string> {
  const optionsJSON = await postForOptions<PublicKeyCredentialRequestOptionsJSON>(PasskeyPaths.signInOptions);
  return sendAssertion(await startAuthentication({ optionsJSON, useBrowserAutofill: autofill }));
}

/** What went wrong, for the error summary; null when the ceremony was only set aside for another (the button's). */
function failureOf(error: unknown): PasskeyFailure | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return null;
  if (error instanceof HttpError) return error.status === 401 ? 'refused' : 'system';
  // The browser's refusals (NotAllowedError: dismissed, timed out, no passkey for this site) read as given up.
  return name === 'NotAllowedError' || name === 'InvalidStateError' ? 'cancelled' : 'system';
}

/**
 * `offered`: the cobrand's policy offers passkeys (and this is no single sign-on token step). The autofill starts on
 * load and again after each try by the button; `button` is whether to show the button (the browser has WebAuthn).
 */
export function usePasskeySignIn(offered: boolean, onFailure: (failure: PasskeyFailure) => void) {
  const [button, setButton] = useState(false);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const restarts = useRef(0);

  /** One try: signed in, or what ended it (null: set aside for another ceremony). */
  const go = useCallback(
    async (autofill: boolean): Promise<PasskeyFailure | 'signed-in' | null> => {
      try {
        location.assign(await signInWithPasskey(autofill));
        return 'signed-in';
      } catch (error) {
        const failure = failureOf(error);
        // A refused autofill is said as the button's is; one the user let go of says nothing.
        if (failure && !(autofill && failure === 'cancelled')) onFailure(failure);
        return failure;
      }
    },
    [onFailure],
  );

  useEffect(() => {
    if (!offered || !browserSupportsWebAuthn()) return;
    setButton(true);
    let live = true;
    // Told to the service with the sign-in, so that only a device that can make a passkey is offered one after it.
    void platformAuthenticatorIsAvailable().then((able) => {
      if (able) document.cookie = `${PASSKEY_CAPABLE_COOKIE}=1; Path=/; SameSite=Lax`;
    });
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      // Offered again only after the service refused a passkey the user picked, a few times at most: a browser that
      // ends the autofill at once (no authenticator, or one that answers by itself) or a service that cannot answer
      // would otherwise have the page ask for options without end.
      if (autofill && live)
        void go(true).then((ended) => {
          if (ended === 'refused' && live && restarts.current < AUTOFILL_RESTARTS) {
            restarts.current += 1;
            setRound((r) => r + 1);
          }
        });
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [offered, go, round]);

  const press = async () => {
    if (busy) return;
    setBusy(true);
    // The button's ceremony sets the autofill's aside (the library aborts it); the autofill starts again after.
    // Signed in, the button stays busy until the next page opens.
    const ended = await go(false);
    if (ended === 'signed-in' || ended === null) return;
    setBusy(false);
    restarts.current = 0;
    setRound((r) => r + 1);
  };
  return { button, busy, press };
}
