import Box, { type BoxProps } from '@mui/material/Box';
import type { Ref } from 'react';
import { TERMINAL_BACKGROUND } from './terminal-theme.ts';

export type TerminalFrameProps = Omit<BoxProps, 'sx' | 'children'> & {
  /** Where xterm.js mounts. */
  hostRef: Ref<HTMLDivElement>;
  frameRef?: Ref<HTMLDivElement>;
  height: number | string;
};

/**
 * The dark frame around an xterm.js screen, with a visible focus ring while the terminal has
 * focus: the same for the read-only build logs and the device's web terminal.
 */
export function TerminalFrame({ hostRef, frameRef, height, ...frameProps }: TerminalFrameProps) {
  return (
    <Box
      ref={frameRef}
      {...frameProps}
      sx={{
        bgcolor: TERMINAL_BACKGROUND,
        borderRadius: 1,
        p: 1,
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {/* No padding on the host: the fit addon sizes the terminal to its parent's content box. */}
      <Box ref={hostRef} sx={{ height, width: '100%', overflow: 'hidden' }} />
    </Box>
  );
}
