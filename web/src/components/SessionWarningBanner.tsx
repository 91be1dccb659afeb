/**
 * What stays of the session warning after Esc (§4): the time left and the way to stay signed in. Not a live region:
 * its time changes every second (useLastCalls announces the last 30 and 10 seconds instead). Fixed to the bottom of
 * a tall window, it keeps what the user tabs to clear of itself (WCAG 2.4.11); in a short one the stylesheet puts it
 * in the page instead.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { announce } from './announce';

interface BannerProps {
  title: string;
  /** The message as seen (with mm:ss) and as heard (with minutes and seconds in words). */
  message: string;
  spoken: string;
  continueLabel: string;
  onContinue: () => void;
}

export function SessionBanner({ title, message, spoken, continueLabel, onContinue }: BannerProps) {
  const banner = useRef<HTMLDivElement>(null);
  useKeepClear(banner);
  return (
    <div className="portal-session-banner" role="group" aria-label={title} ref={banner}>
      <p className="portal-session-banner__message">
        <span aria-hidden="true">{message}</span>
        <span className="portal-visually-hidden">{spoken}</span>
      </p>
      <button type="button" className="portal-button portal-button--secondary" onClick={onContinue}>
        {continueLabel}
      </button>
    </div>
  );
}

/**
 * While the banner is fixed: the page gains its height below its end, so the last control can scroll above it, and
 * a control focused under it is scrolled up out from under it.
 */
function useKeepClear(banner: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const fixed = () => getComputedStyle(element).position === 'fixed';
    const fit = () => {
      const room = fixed() ? `${element.offsetHeight}px` : '';
      document.documentElement.style.scrollPaddingBottom = room;
      document.body.style.paddingBottom = room;
    };
    const uncover = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!fixed() || element.contains(target)) return;
      // After the browser's own scroll to the focused control, which may leave it under the banner.
      requestAnimationFrame(() => {
        const overlap = target.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
        if (overlap > 0) window.scrollBy(0, overlap);
      });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    document.addEventListener('focusin', uncover);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', uncover);
      window.removeEventListener('resize', fit);
      document.documentElement.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [banner]);
}

/** With the dialog hidden, the banner is silent but for these: the last 30 seconds, the last 10. */
const lastCall = (seconds: number) => (seconds <= 10 ? 10 : seconds <= 30 ? 30 : null);

/** Announces the banner's last calls, each once, and none for the band the user hid the dialog in. */
export function useLastCalls(banner: boolean, remaining: number | null, say: (seconds: number) => string) {
  const called = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!banner || remaining === null) {
      called.current = undefined;
      return;
    }
    const whole = Math.ceil(remaining);
    const due = lastCall(whole);
    if (called.current !== undefined && due !== null && due !== called.current) announce(say(whole));
    called.current = due;
  }, [banner, remaining]); // eslint-disable-line react-hooks/exhaustive-deps -- `say` is new each render
}
