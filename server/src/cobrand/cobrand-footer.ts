/**
 * The cobrand footer of §2, built on the service from the cobrand's footer variant and its own texts (§3), so the
 * page renders any variant from data alone. Also the checks an import makes of a cobrand against its variant.
 */
import {
  type CobrandEntry,
  type CobrandFooter,
  FOOTER_ASSETS_BASE,
  FOOTER_LINK_KEYS,
  type FooterLinkKey,
  type FooterVariant,
  PORTAL_CONTEXT_PATH,
} from '@portal/contract';
import type { FooterCatalogue } from './footer-variants.js';

const urlField = (key: FooterLinkKey) => `${key}Url` as const;
/** A footer address is https, or a local path starting with exactly one "/". */
const FOOTER_URL = /^(https:\/\/[^\s/\\]+|\/(?![/\\]))[^\s\\]*$/;

/** Everything wrong with a cobrand's footer fields, as `<file>: /cobrand/<field> …` lines. */
export function footerProblems(file: string, entry: CobrandEntry, footers: FooterCatalogue): string[] {
  const problems: string[] = [];
  const id = entry.footerVariant;
  const variant = footers.variants.get(id);
  if (!variant) {
    const why = footers.broken.has(id) ? 'cannot be used: its variant file has problems' : 'is not a footer variant';
    return [`${file}: /cobrand/footerVariant "${id}" ${why}`];
  }
  for (const key of FOOTER_LINK_KEYS) {
    const text = entry[key];
    const url = entry[urlField(key)];
    if (variant.links.includes(key)) {
      if (text === null) problems.push(`${file}: /cobrand/${key} is required by footer variant "${id}"`);
      if (url === null) problems.push(`${file}: /cobrand/${urlField(key)} is required by footer variant "${id}"`);
    } else if ((text === null) !== (url === null)) {
      problems.push(
        `${file}: /cobrand/${text === null ? key : urlField(key)} is missing: a footer link needs its text and its URL`,
      );
    }
    if (url !== null && !FOOTER_URL.test(url))
      problems.push(`${file}: /cobrand/${urlField(key)} "${url}" must be https:// or a path starting with one "/"`);
  }
  if (variant.cookieNoticeContextPrefix && entry.cookieNoticeUrl?.startsWith('https://')) {
    problems.push(
      `${file}: /cobrand/cookieNoticeUrl must be a path: footer variant "${id}" puts the portal context path before it`,
    );
  }
  const parts: [boolean, 'footerMessage' | 'authorizationWarning' | 'poweredBy'][] = [
    [variant.showFooterMessage, 'footerMessage'],
    [variant.authorizationWarningLogo !== null, 'authorizationWarning'],
    [variant.poweredByLogo !== null, 'poweredBy'],
  ];
  for (const [shown, field] of parts)
    if (shown && entry[field] === null)
      problems.push(`${file}: /cobrand/${field} is required by footer variant "${id}"`);
  return problems;
}

/** The footer the page shows; call only for an entry without footerProblems. */
export function resolveFooter(entry: CobrandEntry, variant: FooterVariant, footers: FooterCatalogue): CobrandFooter {
  // A versioned address, kept for good by the browser (routes.ts), and the image's size, so nothing moves.
  const logo = (file: string) => {
    const { name, hash, size } = footers.assets.get(file)!;
    return {
      logoUrl: `${FOOTER_ASSETS_BASE}${file}?v=${hash}`,
      logoName: name,
      ...(size ? { logoWidth: size.width, logoHeight: size.height } : {}),
    };
  };
  return {
    layout: variant.layout,
    links: variant.links.map((key) => {
      const url = entry[urlField(key)]!;
      const prefixed = key === 'cookieNotice' && variant.cookieNoticeContextPrefix;
      return { key, text: entry[key]!, url: prefixed ? `${PORTAL_CONTEXT_PATH}${url}` : url };
    }),
    copyrightMessage: entry.copyrightMessage,
    footerMessage: variant.showFooterMessage ? entry.footerMessage : null,
    authorizationWarning: variant.authorizationWarningLogo
      ? { text: entry.authorizationWarning!, ...logo(variant.authorizationWarningLogo) }
      : null,
    poweredBy: variant.poweredByLogo ? { text: entry.poweredBy!, ...logo(variant.poweredByLogo) } : null,
  };
}
