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
import { createAutosave, noteKeyAction, type Autosave } from '../note-editing.ts';
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
  const [draft, setDraft] = useState(saved);
  const [helpOpen, setHelpOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const save = useSaveDeviceNote(deviceId, uuid);
  // The autosave outlives renders; it reads the latest mutate, note and translations from here.
  const latest = useRef({ mutate: save.mutate, saved, t });
  useEffect(() => {
    latest.current = { mutate: save.mutate, saved, t };
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
  // The text last sent: the same text is not sent twice (Enter or blur right after an autosave).
  const lastSent = useRef<string | null>(null);
  const autosave = useRef<Autosave | null>(null);
  useEffect(() => {
    const saver = createAutosave(
      (text) => {
        lastSent.current = text;
        latest.current.mutate(text, {
          onSuccess: () => notifySuccess(latest.current.t('summary.note.saved')),
          // The field opens again with the text; Enter tries it again.
          onError: () => {
            lastSent.current = null;
            setIsEditing(true);
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

  /** Saves what was typed now and shows the note again. */
  const finish = () => {
    autosave.current?.flush(draft);
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
          onChange={(event) => {
            setDraft(event.target.value);
            autosave.current?.schedule(event.target.value);
          }}
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
          onBlur={() => autosave.current?.flush(draft)}
        />
      ) : (
        // An editor sees what they typed (saved, or being saved); others the stored note.
        <NoteView text={canEdit ? draft : saved} emptyText={t('summary.note.empty')} />
      )}
      {helpOpen && <MarkdownHelpDialog onClose={() => setHelpOpen(false)} />}
    </Box>
  );
}
