import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadAllNamespaces } from './lib/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The catalogs not bundled (lib/i18n.ts), once the first page has loaded and the browser is idle,
// so they do not compete with the first screen's requests.
function loadCatalogsWhenIdle(): void {
  const load = () => void loadAllNamespaces();
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}
if (document.readyState === 'complete') loadCatalogsWhenIdle();
else window.addEventListener('load', loadCatalogsWhenIdle, { once: true });
