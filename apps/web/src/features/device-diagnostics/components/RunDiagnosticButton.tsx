import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';

/**
 * The button that runs health checks or diagnostics. Offline it is disabled with the reason as
 * a tooltip (fleets spec §5 "Otherwise a tooltip says cloudlink is required"); the reason is also
 * the button's description, since a disabled button cannot be focused to show the tooltip.
 */
export function RunDiagnosticButton({ label, disabledReason, isRunning, onRun }: { label: string; disabledReason: string | null; isRunning: boolean; onRun: () => void }) {
  const reasonId = useId();
  const button = (
    <Button
      variant="contained"
      onClick={onRun}
      disabled={disabledReason !== null || isRunning}
      aria-describedby={disabledReason ? reasonId : undefined}
      startIcon={isRunning ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
    >
      {label}
    </Button>
  );
  if (!disabledReason) return button;
  return (
    <Tooltip title={disabledReason} describeChild>
      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
      <Box component="span" tabIndex={0} sx={{ display: 'inline-block' }}>
        {button}
        <Box component="span" id={reasonId} hidden>
          {disabledReason}
        </Box>
      </Box>
    </Tooltip>
  );
}
