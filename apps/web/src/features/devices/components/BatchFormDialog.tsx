import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import '../devices-catalog.ts';
import { BatchDeviceNames } from './BatchDeviceNames.tsx';

/**
 * The frame of the device list's batch dialogs that change the devices (move, pin): a form with
 * the choice, the devices it applies to (up to 10 names, then "and N more": fleets spec §2
 * "Confirmation dialogs"), Cancel and the submit button. The submit stays disabled with its
 * reason beside it until the form can be sent (§5 "Forms": "disabled with a message when all
 * fields must be filled in"); while the batch runs the dialog cannot be dismissed.
 */
export function BatchFormDialog({
  title,
  names,
  submitLabel,
  submitColor = 'primary',
  busy,
  disabledReason,
  isReasonShown = true,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  /** The names of the devices the change applies to; none while they are read. */
  names: readonly string[];
  submitLabel: string;
  /** 'error' when the change loses something (a move drops release pins). */
  submitColor?: 'primary' | 'error';
  busy: boolean;
  /** Why the form cannot be sent yet (shown beside the disabled submit), or null. */
  disabledReason: string | null;
  /** False when the form already shows the reason (a warning in it): it then only describes the button. */
  isReasonShown?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('devices');
  const titleId = useId();
  const reasonId = useId();
  const canSubmit = !busy && disabledReason === null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {/* Focusable so a long list that scrolls (e.g. on a phone) can be scrolled from the keyboard. */}
        <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {names.length > 0 && <BatchDeviceNames names={names} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {disabledReason !== null && !busy && (
            <Typography id={reasonId} variant="body2" color="text.secondary" hidden={!isReasonShown} sx={{ flexGrow: 1, px: 1 }}>
              {disabledReason}
            </Typography>
          )}
          <Button onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            disabled={!canSubmit}
            aria-describedby={disabledReason !== null && !busy ? reasonId : undefined}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
