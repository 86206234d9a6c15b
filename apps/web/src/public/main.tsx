import '../app/styles';
import { isLanguage, setDisplayLanguage } from '@duka/core';
import { setLanguage } from '../i18n';
import { MantineProvider } from '@mantine/core';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { keepFirstPaintUntilReady } from '../app/firstPaint';
import { loadFullStylesWhenIdle } from '../app/styles';
import { theme } from '../app/theme';
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
// ?lang= (the thank-you page after paying): the language the customer read the invoice in; screens re-render once it is in.
const lang = new URLSearchParams(window.location.search).get('lang');
if (isLanguage(lang)) {
  setDisplayLanguage(lang);
  void setLanguage(lang).then(() => (document.documentElement.lang = lang));
}

const root = document.getElementById('root')!;
keepFirstPaintUntilReady(root);
// The first render yields to the browser every few milliseconds (a transition) instead of one long task: the screen
// drawn in the HTML stays responsive while React builds its own (Lighthouse's total blocking time, issue 16).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <Toasts whenIdle={false} />
        <PublicPage path={window.location.pathname} />
      </MantineProvider>
    </StrictMode>,
  ),
);

loadFullStylesWhenIdle();
