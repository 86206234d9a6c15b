import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadFullStylesWhenIdle } from './app/styles';
import { startPwa } from './pwa';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

loadFullStylesWhenIdle();
startPwa();
