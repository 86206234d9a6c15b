import '../boot/styles';
import { isLanguage, languageFromBrowser, setDisplayLanguage } from '@duka/core';
import { setLanguage, useStrings } from '../i18n/lite';
import { StrictMode, startTransition, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { keepFirstPaintUntilReady } from '../boot/firstPaint';
import { loadFullStylesWhenIdle } from '../boot/styles';
import { themeFor } from '../app/theme';
import { installEnterGuard } from '../ui/enterGuard';
import { PublicMantineProvider } from './PublicMantineProvider';
import { PublicPage } from './PublicPage';
import { publicPagePaths } from '../publicPaths';

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
const lang =
  new URLSearchParams(location.search).get('lang') ??
  (location.pathname.startsWith(publicPagePaths.invoiceLink('')) ? document.documentElement.lang : languageFromBrowser(navigator.languages));
if (isLanguage(lang) && lang !== 'en') {
  setDisplayLanguage(lang);
  void setLanguage(lang).then(() => (document.documentElement.lang = lang));
}

/**
 * A modal's × read out in the page's language, as in the app (no public page has a password field). No toast container
 * here: the only public toasts are the card form's, and InvoiceLinkView mounts the container with that form (issue 25).
 */
function PublicRoot() {
  const { t } = useStrings('invoiceLink');
  const theme = useMemo(() => themeFor({ dismiss: t('publicDismiss') }), [t]);
  return (
    <PublicMantineProvider theme={theme}>
      <PublicPage path={window.location.pathname} />
    </PublicMantineProvider>
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
