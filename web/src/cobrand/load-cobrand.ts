/**
 * §3: the loading of a cobrand's record, languages, stylesheet and logo by §7's calls, for a page sent without them
 * (a chunk of its own: pages from this service carry them). Loading failures are only logged; the page is shown
 * anyway (§8).
 */
import {
  DEFAULT_COBRAND,
  LOGO_FORMATS,
  Paths,
  type Cobrand,
  type CobrandLocales,
  type StylesheetLookup,
} from '@portal/contract';
import { call, getJson, getText } from '../api/client';
import { reportFailure } from '../page/report';
import { COBRAND_SESSION_ITEM } from './cobrand-name';

/** What the page shows when even the default brand's record cannot be loaded: the default footer's parts. */
export const FALLBACK_COBRAND: Cobrand = {
  name: DEFAULT_COBRAND,
  abbreviation: 'DEF',
  signInToLabel: 'Sign in to',
  appName: 'Card and Expense Platform',
  fssoRedirectUrl: null,
  fssoLogoutUrl: null,
  companySelfRegisterSupported: false,
  prospectiveAccountApplicationSupported: false,
  warningMessage: null,
  signInButtonLabel: null,
  footerVariant: 'default',
  copyrightMessage: null,
  privacyPolicy: 'Privacy policy',
  privacyPolicyUrl: 'https://platform.example/privacy',
  termsOfUse: null,
  termsOfUseUrl: null,
  cookieNotice: null,
  cookieNoticeUrl: null,
  security: null,
  securityUrl: null,
  accessibility: null,
  accessibilityUrl: null,
  footerMessage: null,
  authorizationWarning: null,
  managerWebsite: null,
  managerWebsiteUrl: null,
  groupWebsite: null,
  groupWebsiteUrl: null,
  disclaimer: null,
  disclaimerUrl: null,
  poweredBy: null,
  footer: {
    layout: 'inline',
    links: [{ key: 'privacyPolicy', text: 'Privacy policy', url: 'https://platform.example/privacy' }],
    copyrightMessage: null,
    footerMessage: null,
    authorizationWarning: null,
    poweredBy: null,
  },
};

export interface LoadedCobrand {
  cobrand: Cobrand;
  locales: CobrandLocales;
  logoUrl: string | null;
}

async function loadStylesheet(name: string): Promise<void> {
  try {
    const { url } = await getJson<StylesheetLookup>(Paths.cobrandStylesheet(name));
    if (!url) return;
    await new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.className = 'portal-cobrand-stylesheet';
      link.onload = link.onerror = () => resolve();
      document.head.append(link);
    });
  } catch (error) {
    reportFailure('stylesheet lookup', error);
  }
}

/** §7: the logo is found by trying jpg, png and gif in turn with HEAD. */
async function findLogo(name: string): Promise<string | null> {
  for (const format of LOGO_FORMATS) {
    const url = `${Paths.cobrandAssets(name)}logo.${format}`;
    try {
      await call(url, { method: 'HEAD' });
      return url;
    } catch {
      // not this format; try the next
    }
  }
  return null;
}

/**
 * The record comes in the page's language: the service settles it from the same `locale` parameter, cookie and
 * browser languages as `chooseLocale`.
 */
export async function loadCobrand(requested: string, localeParam: string | null): Promise<LoadedCobrand> {
  const recordOf = (name: string) =>
    getJson<Cobrand>(
      localeParam ? `${Paths.cobrand(name)}?locale=${encodeURIComponent(localeParam)}` : Paths.cobrand(name),
    );
  // A cobrandHost may also be the cobrand's abbreviation (§7's abbreviation call), as links from the platform use.
  const byAbbreviation = async () => recordOf((await getText(Paths.cobrandByAbbreviation(requested))).trim());
  const record = await recordOf(requested)
    .catch(byAbbreviation)
    .catch(async (error: unknown) => {
      reportFailure('cobrand', error);
      return requested === DEFAULT_COBRAND ? FALLBACK_COBRAND : recordOf(DEFAULT_COBRAND).catch(() => FALLBACK_COBRAND);
    });
  sessionStorage.setItem(COBRAND_SESSION_ITEM, record.name);
  const [locales, logoUrl] = await Promise.all([
    getJson<CobrandLocales>(Paths.cobrandLocales(record.name)).catch((error: unknown) => {
      reportFailure('locales', error);
      return { en_US: 'English' } as CobrandLocales;
    }),
    findLogo(record.name),
    loadStylesheet(record.name),
  ]);
  return { cobrand: record, locales, logoUrl };
}
