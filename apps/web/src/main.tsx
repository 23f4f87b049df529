import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
// Forms disable their buttons while saving; focus stays with the form instead of falling to the body.
// Loaded after the first screen: nothing saves before it, and it stays out of the first-load budget.
void import('./lib/keep-focus-on-disable.ts').then(({ keepFocusOnDisable }) => keepFocusOnDisable());
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

