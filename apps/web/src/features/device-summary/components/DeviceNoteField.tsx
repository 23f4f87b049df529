import '../../devices/devices-catalog.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveDeviceNote } from '../api/device-summary.mutations.ts';
import { useAutosavedText } from '../../../lib/use-autosaved-text.ts';
import { noteKeyAction } from '../note-editing.ts';
import { MarkdownHelpDialog } from './MarkdownHelpDialog.tsx';

/** The Markdown renderer is its own chunk: the parser is fetched when a note is first shown. */
const NoteMarkdown = lazy(() => import('./NoteMarkdown.tsx'));

/** The note rendered as Markdown; until the renderer has loaded, as plain text with its line breaks. */
function NoteView({ text, emptyText }: { text: string; emptyText: string }) {
  if (text === '') {
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );
  }
  return (
    <Suspense
      fallback={
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      }
    >
      <NoteMarkdown text={text} />
    </Suspense>
  );
}

/**
 * The device's note (fleets spec §2 Device summary), shown rendered as Markdown. An editor
 * edits it inline ("Edit note"): Enter saves and shows the note again, Shift+Enter adds a
 * newline, Escape or Done also leave the field, and the text autosaves 500 ms after the last
 * keystroke (and when the field loses focus). A failed save shows its error and reopens the
 * field with the text kept. Markdown is rendered safely (NoteMarkdown.tsx): raw HTML stays text.
 */
export function DeviceNoteField({ deviceId, uuid, note, canEdit }: { deviceId: number; uuid: string; note: string | null; canEdit: boolean }) {
  const { t } = useTranslation('devices');
  const saved = note ?? '';
  const [helpOpen, setHelpOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const save = useSaveDeviceNote(deviceId, uuid);
  const { draft, edit, flush } = useAutosavedText({
    saved,
    save: (text, callbacks) => save.mutate(text, callbacks),
    onSaved: () => notifySuccess(t('summary.note.saved')),
    // The field opens again with the text; Enter tries it again.
    onFailed: () => setIsEditing(true),
  });
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  const editButtonRef = useRef<HTMLButtonElement | null>(null);
  // Where focus goes when the field closes from the keyboard or Done: back to "Edit note".
  const focusEditButton = useRef(false);
  useEffect(() => {
    if (isEditing) {
      // Opened: the caret goes after the text, ready to add to it.
      const field = fieldRef.current;
      field?.focus();
      field?.setSelectionRange(field.value.length, field.value.length);
    } else if (focusEditButton.current) {
      focusEditButton.current = false;
      editButtonRef.current?.focus();
    }
  }, [isEditing]);
  const label = t('summary.note.label');

  /** Saves what was typed now and shows the note again. */
  const finish = () => {
    flush();
    focusEditButton.current = true;
    setIsEditing(false);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minHeight: 30 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        {canEdit && isEditing && (
          <Button size="small" startIcon={<HelpOutlineIcon />} onClick={() => setHelpOpen(true)}>
            {t('summary.note.markdownHelp')}
          </Button>
        )}
        {canEdit && isEditing && (
          <Button size="small" variant="outlined" onClick={finish}>
            {t('summary.note.done')}
          </Button>
        )}
        {canEdit && !isEditing && (
          <Button ref={editButtonRef} size="small" startIcon={<EditIcon />} onClick={() => setIsEditing(true)}>
            {t('summary.note.edit')}
          </Button>
        )}
      </Box>
      {save.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {t('summary.note.failed', { message: save.error.message })}
        </Alert>
      )}
      {canEdit && isEditing ? (
        <TextField
          label={label}
          multiline
          minRows={2}
          fullWidth
          value={draft}
          inputRef={fieldRef}
          helperText={t('summary.note.help')}
          sx={{ mt: 1 }}
          onChange={(event) => edit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              finish();
              return;
            }
            if (noteKeyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }) !== 'save') return;
            event.preventDefault();
            finish();
          }}
          onBlur={flush}
        />
      ) : (
        // An editor sees what they typed (saved, or being saved); others the stored note.
        <NoteView text={canEdit ? draft : saved} emptyText={t('summary.note.empty')} />
      )}
      {helpOpen && <MarkdownHelpDialog onClose={() => setHelpOpen(false)} />}
    </Box>
  );
}
