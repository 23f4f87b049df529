import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

/**
 * A button that, when disabled for a reason (an offline device, not an administrator of an
 * identity provider, accounts that still exist), says why in a tooltip. A disabled button
 * cannot take focus or pointer events, so the wrapper does, and the reason is also the
 * button's description for screen readers. `isBusy` disables it with a spinner while its
 * work runs. `isReasonShown` also writes the reason above the button (a row whose action is
 * unavailable, where a tooltip alone would hide why from a touch screen): the same text, once.
 */
export function ReasonedButton({
  disabledReason,
  isBusy = false,
  isReasonShown = false,
  children,
  startIcon,
  ...button
}: {
  disabledReason: string | null;
  isBusy?: boolean;
  isReasonShown?: boolean;
  children: ReactNode;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'error';
  startIcon?: ReactNode;
  onClick: () => void;
}) {
  const reasonId = useId();
  const element = (
    <Button
      {...button}
      disabled={disabledReason !== null || isBusy}
      aria-describedby={disabledReason ? reasonId : undefined}
      startIcon={isBusy ? <CircularProgress size={16} color="inherit" aria-hidden /> : startIcon}
    >
      {children}
    </Button>
  );
  if (!disabledReason) return element;
  return (
    <>
      {isReasonShown && (
        <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ maxWidth: 320, mb: 1 }}>
          {disabledReason}
        </Typography>
      )}
      <Tooltip title={disabledReason} describeChild>
        <Box component="span" tabIndex={0} sx={{ display: 'inline-block' }} data-testid="disabled-reason">
          {element}
          {!isReasonShown && (
            <Box component="span" id={reasonId} hidden>
              {disabledReason}
            </Box>
          )}
        </Box>
      </Tooltip>
    </>
  );
}
