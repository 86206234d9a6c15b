import '../app/styles';
import { isLanguage, languageFromBrowser, setDisplayLanguage } from '@duka/core';
import { setLanguage, useStrings } from '../i18n';
import '../app/strings';
import { MantineProvider } from '@mantine/core';
import { StrictMode, startTransition, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { keepFirstPaintUntilReady } from '../app/firstPaint';
import { loadFullStylesWhenIdle } from '../app/styles';
import { themeFor } from '../app/theme';
import { Toasts } from '../app/Toasts';
import { installEnterGuard } from '../ui/enterGuard';
import { PublicPage } from './PublicPage';

installEnterGuard();

/**
 * The public entry (pay.html): what a client opening an invoice link downloads. No router, no device
 * database, no sync, no PDF maker: the server sends this page for /invoice/link/{id} and /thank-you.
 * No Zod either (4 KB gz): nothing on these pages parses with it. A public page that comes to use Zod imports
 * '../app/zodConfig' first (no eval probe under the CSP).
 */
/**
 * The language the page opens in (issue 19), before any network: ?lang= (the thank-you page after paying: the
 * language the customer read the invoice in); else the invoice link's <html lang>, which the server sets to the
 * client's language; else (a page with no client: a mistyped link, the test checkout) the browser's. The invoice
 * link switches to the client's language from the API as well (InvoiceLinkView): starting here only fetches its
 * strings alongside the invoice rather than after it. Screens re-render once the strings are in.
 */
function publicLanguage(): string | undefined {
  const lang = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(lang)) return lang;
  if (/^\/invoice\/link\//.test(window.location.pathname)) return document.documentElement.lang;
  return languageFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
}
const lang = publicLanguage();
if (isLanguage(lang) && lang !== 'en') {
  setDisplayLanguage(lang);
  void setLanguage(lang).then(() => (document.documentElement.lang = lang));
}

/** Mantine's own controls (a modal's ×, a password's eye) read out in the page's language, as in the app. */
function PublicRoot() {
  const { t } = useStrings('common');
  const theme = useMemo(() => themeFor({ dismiss: t('dismiss'), togglePassword: t('togglePassword') }), [t]);
  return (
    <MantineProvider theme={theme}>
      <Toasts whenIdle={false} />
      <PublicPage path={window.location.pathname} />
    </MantineProvider>
  );
}

const root = document.getElementById('root')!;
keepFirstPaintUntilReady(root);
// The first render yields to the browser every few milliseconds (a transition) instead of one long task: the screen
// drawn in the HTML stays responsive while React builds its own (Lighthouse's total blocking time, issue 16).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <PublicRoot />
    </StrictMode>,
  ),
);

loadFullStylesWhenIdle();
