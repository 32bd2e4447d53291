// First: no zod parser compiles with new Function (src/zod-jitless.ts; the CSP forbids eval).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { whenFirstRouteReady } from './app/first-render';
import { router } from './app/router';
import { registerServiceWorker } from './app/sw/register-sw';
import './ui/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The first frame is the page itself: its route's code and first data (src/app/first-render.ts),
// or after 3 s on a slow network the route's own loading state.
void whenFirstRouteReady(router, 3000).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Production builds only; after load, so the service worker never competes with the first paint.
registerServiceWorker();
