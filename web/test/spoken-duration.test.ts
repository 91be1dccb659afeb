/**
 * The session countdown in words, as a screen reader says it: minutes and seconds with each language's plural forms,
 * never "01:19", which reads as a time of day.
 */
import { describe, expect, it } from 'vitest';
import { spokenDuration } from '../src/session/spoken-duration';

describe('the countdown in words', () => {
  it.each([
    ['en_US', 79, '1 minute, 19 seconds'],
    ['en_US', 60, '1 minute'],
    ['en_US', 1, '1 second'],
    ['en_US', 0, '0 seconds'],
    ['de', 79, '1 Minute, 19 Sekunden'],
    ['fr', 80, '1 minute et 20 secondes'],
    ['ru', 79, '1 минута 19 секунд'],
    ['ru', 62, '1 минута 2 секунды'],
    ['ru', 21, '21 секунда'],
    ['pl', 22, '22 sekundy'],
    ['pl', 25, '25 sekund'],
    ['ja', 79, '1 分 19 秒'],
    ['in', 79, '1 menit, 19 detik'],
  ])('says %s %i s as "%s"', (locale, seconds, words) => {
    // French and others put no-break spaces between number and unit: compared as plain spaces.
    expect(spokenDuration(seconds, locale).replace(/\s/g, ' ')).toBe(words);
  });

  it('rounds a part second up, as the visible countdown does', () => {
    expect(spokenDuration(78.2, 'en_US')).toBe('1 minute, 19 seconds');
  });
});
