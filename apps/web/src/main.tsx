import { StrictMode } from 'react';
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
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

loadFullStylesWhenIdle();
startPwa();
