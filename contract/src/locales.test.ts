import { describe, expect, it } from 'vitest';
import { acceptedLanguages, nearestLocale, settleLocale } from './locales.js';

const SKERRYMOOR = ['en_US', 'es', 'fr_CA', 'zh_CN'];
const EVERY = ['en_US', 'da', 'de', 'en_GB', 'es', 'es_ES', 'fi', 'fr', 'fr_CA', 'in', 'it', 'ja', 'ko'];

describe('nearestLocale', () => {
  it.each([
    ['de_DE', EVERY, 'de'],
    ['de-AT', EVERY, 'de'],
    ['fr-CA', EVERY, 'fr_CA'],
    ['fr_ca', EVERY, 'fr_CA'],
    ['fr-BE', EVERY, 'fr'],
    ['pt-BR', ['pt', 'pt_PT'], 'pt'],
    ['pt-PT', ['pt', 'pt_PT'], 'pt_PT'],
    ['es-MX', EVERY, 'es'],
    ['es-ES', EVERY, 'es_ES'],
    ['en-AU', EVERY, 'en_GB'],
    ['en', EVERY, 'en_US'],
    ['id-ID', EVERY, 'in'],
    ['nb-NO', ['no', 'en_GB'], 'no'],
    ['zh-Hant-HK', ['zh_CN', 'zh_TW'], 'zh_TW'],
    ['zh-HK', ['zh_CN', 'zh_TW'], 'zh_TW'],
    ['zh', ['zh_CN', 'zh_TW'], 'zh_CN'],
    ['fr', SKERRYMOOR, 'fr_CA'],
  ])('takes %s to the nearest of the offered languages', (wish, offered, expected) => {
    expect(nearestLocale(wish, offered)).toBe(expected);
  });

  it('finds nothing for a language the cobrand does not offer', () => {
    expect(nearestLocale('de_DE', SKERRYMOOR)).toBeNull();
    expect(nearestLocale('', SKERRYMOOR)).toBeNull();
  });
});

describe('settleLocale (§4)', () => {
  it('takes the parameter first, then the cookie, each to the nearest offered language', () => {
    expect(settleLocale(SKERRYMOOR, { param: 'fr-CA', cookie: 'es' })).toBe('fr_CA');
    expect(settleLocale(SKERRYMOOR, { param: 'de', cookie: 'es' })).toBe('es');
    expect(settleLocale(SKERRYMOOR, { cookie: 'zh_CN', accepted: ['es'] })).toBe('zh_CN');
  });

  it("falls back to the cobrand's first language for a language it does not offer, never to the browser's", () => {
    expect(settleLocale(SKERRYMOOR, { param: 'de_DE', accepted: ['es'] })).toBe('en_US');
    expect(settleLocale(['pt', 'es', 'en_US'], { cookie: 'ja' })).toBe('pt');
  });

  it('reads the browser languages only when there is neither a parameter nor a cookie', () => {
    expect(settleLocale(SKERRYMOOR, { accepted: ['de-DE', 'fr-CA', 'en'] })).toBe('fr_CA');
    expect(settleLocale(SKERRYMOOR, { accepted: ['de-DE'] })).toBe('en_US');
    expect(settleLocale(SKERRYMOOR, {})).toBe('en_US');
  });
});

describe('acceptedLanguages', () => {
  it('orders an Accept-Language header by weight, dropping * and q=0', () => {
    expect(acceptedLanguages('de;q=0.5, fr-CA, en;q=0.8, *;q=0.1, ja;q=0')).toEqual(['fr-CA', 'en', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
