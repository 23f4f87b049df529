import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditMemberTag } from '../api/members.mutations.ts';
import type { MemberTag } from '../api/members.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { validateTagKey } from '../member-rules.ts';

/** View and edit a member's tags (tag_key, value) — accounts spec §3 organization_membership_tag. */
export function MemberTagsDialog({ memberId, username, tags, canEdit, onClose }: {
  memberId: number;
  username: string;
  tags: readonly MemberTag[];
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const titleId = useId();
  const [values, setValues] = useState<Record<number, string>>({});
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [keyTouched, setKeyTouched] = useState(false);
  const mutation = useEditMemberTag();
  const keyError = validateTagKey(newKey, tags.map((tag) => tag.tag_key));
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    setKeyTouched(true);
    if (keyError !== null) return;
    mutation.mutate(
      { kind: 'create', memberId, key: newKey, value: newValue },
      {
        onSuccess: () => {
          setNewKey('');
          setNewValue('');
          setKeyTouched(false);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('tags.title', { username })}</DialogTitle>
      <DialogContent>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {memberErrorMessage(mutation.error, t)}
          </Alert>
        )}
        {tags.length === 0 && <Typography color="text.secondary">{t('tags.empty')}</Typography>}
        <Stack spacing={1} sx={{ mt: 1 }} component="ul" aria-label={t('tags.listLabel')} style={{ listStyle: 'none', padding: 0 }}>
          {tags.map((tag) => {
            const current = values[tag.id] ?? tag.value;
            return (
              <Box component="li" key={tag.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ minWidth: 120, fontFamily: 'monospace' }}>{tag.tag_key}</Typography>
                <TextField
                  size="small"
                  label={t('tags.valueOf', { key: tag.tag_key })}
                  value={current}
                  disabled={!canEdit}
                  onChange={(event) => setValues((v) => ({ ...v, [tag.id]: event.target.value }))}
                  sx={{ flexGrow: 1 }}
                />
                {canEdit && (
                  <>
                    <IconButton
                      aria-label={t('tags.save', { key: tag.tag_key })}
                      disabled={mutation.isPending || current === tag.value}
                      onClick={() => mutation.mutate({ kind: 'update', id: tag.id, value: current })}
                    >
                      <SaveIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('tags.delete', { key: tag.tag_key })}
                      disabled={mutation.isPending}
                      onClick={() => mutation.mutate({ kind: 'delete', id: tag.id })}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                )}
              </Box>
            );
          })}
        </Stack>
        {canEdit && (
          <Box component="form" noValidate onSubmit={handleAdd} aria-label={t('tags.addLabel')} sx={{ display: 'flex', gap: 1, mt: 3, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={t('tags.key')}
              required
              value={newKey}
              onChange={(event) => setNewKey(event.target.value)}
              onBlur={() => setKeyTouched(true)}
              error={keyTouched && keyError !== null}
              helperText={keyTouched && keyError ? t(`tags.keyErrors.${keyError}`) : ' '}
            />
            <TextField size="small" label={t('tags.value')} value={newValue} onChange={(event) => setNewValue(event.target.value)} helperText=" " sx={{ flexGrow: 1 }} />
            <Button type="submit" variant="outlined" disabled={mutation.isPending || keyError !== null}>
              {t('tags.add')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
