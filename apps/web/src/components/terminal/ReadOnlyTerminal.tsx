import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { TERMINAL_BACKGROUND } from './terminal-theme.ts';

/** xterm.js and its CSS (~100 kB compressed) come in their own chunk, fetched when a terminal first shows. */
const XtermView = lazy(() => import('./XtermView.tsx'));

export interface ReadOnlyTerminalProps {
  /** What the terminal shows: text with ANSI escapes (colours kept), lines split by `\n`. Appended text is written on. */
  text: string;
  /** The accessible name of the terminal's log region and of its keyboard target. */
  label: string;
  /** Lines the terminal keeps above its screen. */
  scrollback: number;
  /** Height of the terminal screen in px; the width follows its container (fit addon). */
  height: number;
  /** Extra attributes of the log region, e.g. `data-line-count`. */
  regionProps?: Record<`data-${string}`, string | number>;
}

/**
 * A read-only terminal (xterm.js) for logs with ANSI colours: the build log of a release now,
 * and the base of the web terminal later. It is a `log` region named by `label`, keyboard
 * focusable, fitted to its container's width at any screen size.
 */
export function ReadOnlyTerminal(props: ReadOnlyTerminalProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: props.height + 16, bgcolor: TERMINAL_BACKGROUND, borderRadius: 1 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      }
    >
      <XtermView {...props} />
    </Suspense>
  );
}
