import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation every destructive action asks for (remove members or teams, revoke an invite
 * or a token, delete a key). Cancel has the initial focus so a stray Enter deletes nothing; while
 * the action runs the dialog cannot be dismissed; a failure is shown inside it so the user sees
 * why without losing context.
 */
export function ConfirmDialog({ title, message, confirmLabel, confirmColor = 'error', busy, error, onConfirm, onClose }: {
  title: string;
  /** Text, or blocks such as lists (rendered in a div, not a paragraph). */
  message: ReactNode;
  confirmLabel: string;
  /** 'primary' for a confirmation that undoes exposure rather than destroying (e.g. make private). */
  confirmColor?: 'error' | 'primary';
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus disabled={busy}>
          {t('cancel')}
        </Button>
        <Button color={confirmColor} variant="contained" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
