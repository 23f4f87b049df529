import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/**
 * A button that, when disabled for a reason (not an administrator of the provider, accounts
 * exist, the last organization), says why in a tooltip (accounts spec §6
 * cannot_interact_not_an_admin_of_this_idp). A disabled button cannot take focus, so the
 * wrapper can, and the reason is also the button's description for screen readers
 * (as features/device-diagnostics/components/RunDiagnosticButton.tsx does).
 */
export function ReasonedButton({
  disabledReason,
  children,
  ...button
}: {
  disabledReason: string | null;
  children: ReactNode;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'error';
  startIcon?: ReactNode;
  onClick: () => void;
}) {
  const reasonId = useId();
  const element = (
    <Button {...button} disabled={disabledReason !== null} aria-describedby={disabledReason ? reasonId : undefined}>
      {children}
    </Button>
  );
  if (!disabledReason) return element;
  return (
    <Tooltip title={disabledReason} describeChild>
      <Box component="span" tabIndex={0} sx={{ display: 'inline-block' }} data-testid="disabled-reason">
        {element}
        <Box component="span" id={reasonId} hidden>
          {disabledReason}
        </Box>
      </Box>
    </Tooltip>
  );
}
