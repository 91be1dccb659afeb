/**
 * The console's words, as the admin listener answers them in the operator's language (server/src/staff/console-texts.ts):
 * its own texts and the common ones, placeholders parsed; dates and times in the language's own way.
 */
import { messageFormatter, type MessageSource } from '@portal/contract';
import { createContext, useContext } from 'react';
import { ConsoleError } from './console-api';

export interface ConsoleTextsAnswer {
  locale: string;
  lang: string;
  texts: Record<string, MessageSource>;
}

export interface Texts {
  lang: string;
  t: (key: string, ...params: (string | number)[]) => string;
  /** A moment the service gave (ISO 8601), as the operator's language writes it. */
  when: (iso: string | null) => string;
  /** What went wrong with a call, in the operator's words. */
  failure: (error: unknown) => string;
}

/** The service's error codes the console words itself (the rest are said as the portal says them). */
const FAILURES: Record<string, string> = {
  'invalid.login': 'console.signIn.failed',
  unauthenticated: 'console.sessionEnded',
  throttled: 'request.throttled',
  conflict: 'console.error.conflict',
  invalid: 'console.error.invalid',
  forbidden: 'console.error.forbidden',
  'not.found': 'console.error.notFound',
  busy: 'console.error.busy',
  'sign.in.again': 'console.myPasskeys.signInAgain',
  'passkey.refused': 'console.myPasskeys.refused',
  unavailable: 'error.system',
  'system.error': 'error.system',
};

export function textsOf({ locale, lang, texts }: ConsoleTextsAnswer): Texts {
  const format = messageFormatter(locale);
  const t = (key: string, ...params: (string | number)[]) => format(texts[key] ?? key, params);
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    lang,
    t,
    when: (iso) => (iso ? dates.format(new Date(iso)) : '—'),
    failure: (error) => {
      const first = error instanceof ConsoleError ? error.body?.errors[0] : undefined;
      // A refusal naming what was asked for (a scope, a role, a cobrand) is one of giving more than one has.
      if (first?.code === 'forbidden' && first.field) return t('console.error.beyondYours');
      return t(
        FAILURES[first?.code ?? ''] ??
          (error instanceof ConsoleError ? 'error.unexpectedServer' : 'console.unreachable'),
      );
    },
  };
}

export const TextsContext = createContext<Texts | null>(null);

export function useTexts(): Texts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('the console renders its screens once its texts are loaded');
  return texts;
}
