/**
 * The session countdown as a screen reader should say it. "01:19" is read as a time of day; "1 minute, 19 seconds"
 * is not. Each language's units and plural forms come from the browser's own CLDR data (Intl.NumberFormat's units,
 * Intl.ListFormat to join them), the same on the service that renders the page, so no bundle carries plural rules.
 */
import { languageTag } from '@portal/contract';

export function spokenDuration(seconds: number, locale: string): string {
  const tag = languageTag(locale);
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts = [
    ...(minutes > 0 ? [unit(minutes, 'minute')] : []),
    ...(rest > 0 || minutes === 0 ? [unit(rest, 'second')] : []),
  ];
  return new Intl.ListFormat(tag, { type: 'unit', style: 'long' }).format(parts);
}
