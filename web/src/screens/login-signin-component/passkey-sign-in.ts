/**
 * Signing in with a passkey (issue 34): offered in the User ID field's autofill as the page loads, where the browser
 * can, and by a button where it can only ask in a dialog. Both end as a password sign-in does, at the address the
 * service answers. Nothing of it runs without the page's script: the form alone stays a password sign-in.
 */
import { PASSKEY_CAPABLE_COOKIE, PasskeyPaths, Paths } from '@portal/contract';
import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  platformAuthenticatorIsAvailable,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, call } from '../../api/client';
import { postForOptions, sendAssertion } from '../../passkeys/passkey-calls';

/** How often the autofill is offered again by itself after the service refused the passkey picked in it. */
const AUTOFILL_RESTARTS = 3;

/**
 * How a passkey sign-in that did not sign in ended: refused by the service, given up in the browser, held back by the
 * service's throttle (`retryAfter`: the seconds it asked to wait, when it said), or failed.
 */
export interface PasskeyFailure {
  kind: 'refused' | 'cancelled' | 'system' | 'throttled';
  retryAfter?: number | null;
}

/** `picked` turns true once the browser has handed over the passkey the user chose: what follows is the user's try. */
async function signInWithPasskey(autofill: boolean, progress: { picked: boolean }): Promise<string> {
  const optionsJSON = await postForOptions<PublicKeyCredentialRequestOptionsJSON>(PasskeyPaths.signInOptions);
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  progress.picked = true;
  return sendAssertion(response);
}

/** What went wrong, for the error summary; null when the ceremony was only set aside for another (the button's). */
function failureOf(error: unknown): PasskeyFailure | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return null;
  if (error instanceof HttpError) {
    const { status, retryAfter } = error;
    return { kind: status === 429 ? 'throttled' : status === 401 ? 'refused' : 'system', retryAfter };
  }
  // The browser's refusals (NotAllowedError: dismissed, timed out, no passkey for this site) read as given up.
  return { kind: name === 'NotAllowedError' || name === 'InvalidStateError' ? 'cancelled' : 'system' };
}

let told = false;
/**
 * A ceremony the page started by itself that failed before the user picked anything (the browser refusing this host
 * name for the relying party's, the service not answering): the user is shown nothing, the service is told once a page.
 */
function tellServiceOnce(error: unknown): void {
  if (told) return;
  told = true;
  // §7's error-log call (page/report.ts's, which the sign-in page does not load for this one use). The library's
  // error reads as its name and message ("SecurityError: The RP ID "…" is invalid for this domain").
  call(Paths.logErrorStatement, {
    method: 'PUT',
    json: `passkey autofill failed at ${location.host}: ${String(error)}`,
  }).catch(() => undefined);
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
  // Set by the browser's SecurityError: this host name is not the relying party's, nor one of its related origins.
  const unavailable = useRef(false);
  // Read when a ceremony ends, never a reason to start one: the form's handler changes with every keystroke.
  const failed = useRef(onFailure);
  failed.current = onFailure;

  /** One try: what ended it, or null when it signed in or was set aside for another ceremony. */
  const go = useCallback(async (autofill: boolean): Promise<PasskeyFailure | null> => {
    const progress = { picked: false };
    try {
      location.assign(await signInWithPasskey(autofill, progress));
      return null;
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) return null;
      // The browser will not hold a passkey of this relying party at this host name: none can sign in here.
      if ((error as Error | undefined)?.name === 'SecurityError') {
        unavailable.current = true;
        setButton(false);
      }
      // The autofill is the page's own until the user picks a passkey: its failures show nothing, take no focus. What
      // follows the pick (the service's answer) is the user's try, shown as the button's is.
      if (!autofill || progress.picked) failed.current(failure);
      else if (failure.kind !== 'cancelled') tellServiceOnce(error);
      return failure;
    }
  }, []);

  useEffect(() => {
    if (!offered || unavailable.current || !browserSupportsWebAuthn()) return;
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
          if (ended?.kind === 'refused' && live && restarts.current < AUTOFILL_RESTARTS) {
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
    if (!(await go(false))) return;
    setBusy(false);
    restarts.current = 0;
    setRound((r) => r + 1);
  };
  return { button, busy, press };
}
