import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAutosavedText } from '../../../lib/use-autosaved-text.ts';
import { usePatchRelease } from '../api/release-detail.mutations.ts';

/**
 * The release's known issues or notes (fleets spec §2 "Release detail"): editable with
 * resin.release.update and saved automatically 500 ms after the last keystroke (§9), and when
 * the field loses focus or the page is left; read only for everyone else. Whether the text is
 * being saved or was saved is said in a polite live region; a failed save keeps the text and
 * says why, and the next keystroke tries again.
 */
export function ReleaseTextField({
  fleetId,
  releaseId,
  field,
  label,
  emptyText,
  value,
  canEdit,
}: {
  fleetId: number;
  releaseId: number;
  field: 'known_issue_list' | 'note';
  label: string;
  emptyText: string;
  value: string | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation('releaseDetail');
  const titleId = useId();
  const saved = value ?? '';
  const save = usePatchRelease(fleetId, releaseId);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const { draft, edit, flush } = useAutosavedText({
    saved,
    save: (text, callbacks) => {
      setStatus('saving');
      save.mutate({ [field]: text === '' ? null : text }, callbacks);
    },
    onSaved: () => setStatus('saved'),
    onFailed: () => setStatus('idle'),
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          {label}
        </Typography>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('text.failed', { field: label, message: save.error.message })}
          </Alert>
        )}
        {canEdit ? (
          <>
            <TextField
              label={label}
              multiline
              minRows={2}
              fullWidth
              value={draft}
              helperText={t('text.help')}
              onChange={(event) => {
                edit(event.target.value);
                setStatus('idle');
              }}
              onBlur={flush}
            />
            <Typography variant="caption" color="text.secondary" role="status" aria-live="polite" sx={{ display: 'block', minHeight: 20 }}>
              {status === 'saving' ? t('text.saving') : status === 'saved' ? t('text.saved', { field: label }) : ''}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color={saved === '' ? 'text.secondary' : undefined} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {saved === '' ? emptyText : saved}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
