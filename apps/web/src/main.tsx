import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
// Forms disable their buttons while saving; focus stays with the form instead of falling to the body.
// Loaded at the user's first key or pointer press: nothing saves before one (a keyboard user tabs
// or types long before pressing Save), and the first screen does not wait for it.
let focusKeeper: Promise<unknown> | undefined;
const installFocusKeeper = () => {
  focusKeeper ??= import('./lib/keep-focus-on-disable.ts').then(({ keepFocusOnDisable }) => keepFocusOnDisable());
};
window.addEventListener('keydown', installFocusKeeper, { capture: true, once: true });
window.addEventListener('pointerdown', installFocusKeeper, { capture: true, once: true });
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

