/**
 * Which of a cobrand's languages a page is in (§4): the `locale` parameter, else the `user_locale` cookie, each taken
 * to the nearest language the cobrand offers; with neither, the browser's languages (Accept-Language) as a hint;
 * otherwise the cobrand's first language. The service and the front end settle it with this one function.
 */

/** Browser-style and portal-style codes of the same language written alike: `de-DE`, `de_de` → `de_DE`. */
function normalise(code: string): { language: string; region: string } {
  const [language = '', ...rest] = code.trim().replace(/-/g, '_').split('_');
  const lower = language.toLowerCase();
  // `in` is the portal's code for Indonesian (§9), `id` the standard one; `nb` is Norwegian Bokmål.
  const canonical = lower === 'id' ? 'in' : lower === 'nb' || lower === 'nn' ? 'no' : lower;
  const subtags = rest.map((part) => part.toLowerCase());
  // Chinese scripts stand for their usual regions: Hant for Taiwan, Hans for the mainland.
  if (canonical === 'zh' && subtags.includes('hant')) return { language: canonical, region: 'TW' };
  if (canonical === 'zh' && subtags.includes('hans')) return { language: canonical, region: 'CN' };
  const region = subtags.find((part) => /^([a-z]{2}|\d{3})$/.test(part)) ?? '';
  return { language: canonical, region: region.toUpperCase() };
}

/** Regions whose own language variant the portal lacks, spoken as in another region it has. */
const NEAREST_REGION: Record<string, Record<string, string>> = {
  zh: { HK: 'TW', MO: 'TW', SG: 'CN' },
  en: { IE: 'GB', AU: 'GB', NZ: 'GB', IN: 'GB', ZA: 'GB', CA: 'US' },
};

/** The offered locale nearest to `wish` (a portal or browser code): same language and region, else same language. */
export function nearestLocale(wish: string, offered: readonly string[]): string | null {
  if (offered.includes(wish)) return wish;
  const { language, region } = normalise(wish);
  if (!language) return null;
  const sameLanguage = offered.filter((code) => normalise(code).language === language);
  const regionOf = (code: string) => normalise(code).region;
  const wanted = NEAREST_REGION[language]?.[region] ?? region;
  return (
    sameLanguage.find((code) => regionOf(code) === wanted) ??
    // A bare code is the language's main variant: `pt` is Brazilian, `es` Latin-American, `fr` of France.
    sameLanguage.find((code) => regionOf(code) === '') ??
    sameLanguage[0] ??
    null
  );
}

export interface LocaleWishes {
  /** The `locale` query parameter. */
  param?: string | null;
  /** The `user_locale` cookie. */
  cookie?: string | null;
  /** The browser's languages, most wanted first (Accept-Language, navigator.languages). */
  accepted?: readonly string[];
}

/** §4: the language of the page among `offered` (the cobrand's languages, first is its default). */
export function settleLocale(offered: readonly string[], { param, cookie, accepted = [] }: LocaleWishes): string {
  const first = offered[0] ?? 'en_US';
  for (const wish of [param, cookie]) {
    const near = wish ? nearestLocale(wish, offered) : null;
    if (near) return near;
  }
  if (param || cookie) return first;
  for (const wish of accepted) {
    const near = nearestLocale(wish, offered);
    if (near) return near;
  }
  return first;
}

/** The languages of an Accept-Language header, most wanted first (RFC 9110 §12.5.4); `*` and q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
