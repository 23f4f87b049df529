import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { keepFocusOnDisable } from './lib/keep-focus-on-disable.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
// Forms disable their buttons while saving; focus stays with the form instead of falling to the body.
keepFocusOnDisable();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

