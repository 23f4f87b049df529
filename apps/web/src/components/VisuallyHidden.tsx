import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Hidden on screen, read by screen readers (and part of an accessible name). */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Box component="span" id={id} sx={VISUALLY_HIDDEN}>
      {children}
    </Box>
  );
}

/**
 * A page's h1 for screen readers only: while a page's own heading (an entity's name) is not
 * known yet, because it is loading or failed, the page still has its one h1 saying so.
 */
export function HiddenPageHeading({ children }: { children: ReactNode }) {
  return (
    <Box component="h1" sx={VISUALLY_HIDDEN}>
      {children}
    </Box>
  );
}
