import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation every destructive action asks for (remove members or teams, revoke an invite
 * or a token, delete a key). The initial focus is on the least destructive control, as the
 * WAI-ARIA alert dialog pattern asks, so Enter or Space right after it opens destroys nothing:
 * Cancel, or the field to type into when there is one (typing there confirms nothing, and the
 * confirm button is disabled until the text is right). While the action runs the dialog cannot
 * be dismissed; a failure is shown inside it so the user sees why without losing context.
 *
 * With `typedConfirmation`, the user must type that exact text (a name, a count) before the
 * confirm button enables, and pasting or dropping text into the field is blocked (fleets spec §2
 * "Confirmation dialogs").
 */
export function ConfirmDialog({ title, message, confirmLabel, confirmColor = 'error', busy, error, typedConfirmation, onConfirm, onClose }: {
  title: string;
  /** Text, or blocks such as lists (rendered in a div, not a paragraph). */
  message: ReactNode;
  confirmLabel: string;
  /** 'primary' for a confirmation that undoes exposure rather than destroying (e.g. make private). */
  confirmColor?: 'error' | 'primary';
  busy: boolean;
  error?: string | null;
  /** The exact text to type before confirming, and the field's label. */
  typedConfirmation?: { text: string; label: string };
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [typed, setTyped] = useState('');
  const isTypedOk = typedConfirmation === undefined || typed === typedConfirmation.text;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Focusable so a long message that scrolls (e.g. on a phone) can be scrolled from the keyboard. */}
      <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
        {typedConfirmation && (
          <TextField
            label={typedConfirmation.label}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onPaste={(event) => event.preventDefault()}
            onDrop={(event) => event.preventDefault()}
            autoComplete="off"
            autoFocus
            fullWidth
            size="small"
            margin="normal"
            disabled={busy}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', 'data-paste-blocked': 'true' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus={!typedConfirmation} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button color={confirmColor} variant="contained" disabled={busy || !isTypedOk} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
