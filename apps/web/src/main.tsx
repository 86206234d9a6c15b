import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepFirstPaintUntilReady } from './app/firstPaint';
import { loadFullStylesWhenIdle } from './app/styles';
import { startPwa } from './pwa';
import { installEnterGuard } from './ui/enterGuard';

installEnterGuard();

const root = document.getElementById('root')!;
// /login comes drawn in its HTML (dist/login.html): keep that until the app has drawn the screen.
keepFirstPaintUntilReady(root);
// The first render yields to the browser every few milliseconds (a transition) instead of one long task: the screen
// drawn in the HTML stays responsive while React builds its own (Lighthouse's total blocking time, issue 16).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

loadFullStylesWhenIdle();
startPwa();
