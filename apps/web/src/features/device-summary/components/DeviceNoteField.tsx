import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveDeviceNote } from '../api/device-summary.mutations.ts';
import { createAutosave, noteKeyAction, type Autosave } from '../note-editing.ts';
import { MarkdownHelpDialog } from './MarkdownHelpDialog.tsx';

/**
 * The device's note (fleets spec §2 Device summary): edited inline, Enter saves, Shift+Enter adds
 * a newline, and the text autosaves 500 ms after the last keystroke. A failed save shows its
 * error and keeps the text. Without `canEdit` the note is shown as plain text with its line
 * breaks (React escapes it, so a note cannot inject markup).
 */
export function DeviceNoteField({ deviceId, uuid, note, canEdit }: { deviceId: number; uuid: string; note: string | null; canEdit: boolean }) {
  const { t } = useTranslation('devices');
  const saved = note ?? '';
  const [draft, setDraft] = useState(saved);
  const [helpOpen, setHelpOpen] = useState(false);
  const save = useSaveDeviceNote(deviceId, uuid);
  // The autosave outlives renders; it reads the latest mutate, note and translations from here.
  const latest = useRef({ mutate: save.mutate, saved, t });
  useEffect(() => {
    latest.current = { mutate: save.mutate, saved, t };
  });
  // The text last sent: the same text is not sent twice (Enter or blur right after an autosave).
  const lastSent = useRef<string | null>(null);
  const autosave = useRef<Autosave | null>(null);
  useEffect(() => {
    const saver = createAutosave(
      (text) => {
        lastSent.current = text;
        latest.current.mutate(text, {
          onSuccess: () => notifySuccess(latest.current.t('summary.note.saved')),
          // The text stays in the field; Enter tries it again.
          onError: () => {
            lastSent.current = null;
          },
        });
      },
      (text) => text === lastSent.current || text === latest.current.saved,
    );
    autosave.current = saver;
    // Leaving the page saves what was typed in the last 500 ms.
    return () => saver.flush();
  }, []);

  // A change of the note from elsewhere (another user, a refetch) shows here unless the user has typed since.
  const [seen, setSeen] = useState(saved);
  if (saved !== seen) {
    setSeen(saved);
    if (draft === seen) setDraft(saved);
  }
  const label = t('summary.note.label');

  if (!canEdit) {
    return (
      <Box>
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={saved ? 'text.primary' : 'text.secondary'}>
          {saved || t('summary.note.empty')}
        </Typography>
      </Box>
    );
  }

  return (
    <Box>
      {save.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('summary.note.failed', { message: save.error.message })}
        </Alert>
      )}
      <TextField
        label={label}
        multiline
        minRows={2}
        fullWidth
        value={draft}
        helperText={t('summary.note.help')}
        onChange={(event) => {
          setDraft(event.target.value);
          autosave.current?.schedule(event.target.value);
        }}
        onKeyDown={(event) => {
          if (noteKeyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }) !== 'save') return;
          event.preventDefault();
          autosave.current?.flush(draft);
        }}
        onBlur={() => autosave.current?.flush(draft)}
      />
      <Button size="small" startIcon={<HelpOutlineIcon />} onClick={() => setHelpOpen(true)} sx={{ mt: 0.5 }}>
        {t('summary.note.markdownHelp')}
      </Button>
      {helpOpen && <MarkdownHelpDialog onClose={() => setHelpOpen(false)} />}
    </Box>
  );
}
