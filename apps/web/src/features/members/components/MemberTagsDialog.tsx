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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createMemberTag, deleteMemberTag, memberKeys, updateMemberTag, type MemberTag } from '../api/members.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { validateTagKey } from '../member-rules.ts';

type TagAction = { kind: 'create'; key: string; value: string } | { kind: 'update'; id: number; value: string } | { kind: 'delete'; id: number };

/** View and edit a member's tags (tag_key, value) — accounts spec §3 organization_membership_tag. */
export function MemberTagsDialog({ orgId, memberId, username, tags, canEdit, onClose }: {
  orgId: number;
  memberId: number;
  username: string;
  tags: readonly MemberTag[];
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const titleId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<number, string>>({});
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [keyTouched, setKeyTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: (action: TagAction) => {
      if (action.kind === 'create') return createMemberTag(memberId, action.key, action.value);
      if (action.kind === 'update') return updateMemberTag(action.id, action.value);
      return deleteMemberTag(action.id);
    },
    meta: { silent: true },
    onSuccess: async (_result, action) => {
      await queryClient.invalidateQueries({ queryKey: memberKeys.org(orgId) });
      if (action.kind === 'create') {
        setNewKey('');
        setNewValue('');
        setKeyTouched(false);
      }
    },
  });
  const keyError = validateTagKey(newKey, tags.map((tag) => tag.tag_key));
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    setKeyTouched(true);
    if (keyError === null) mutation.mutate({ kind: 'create', key: newKey, value: newValue });
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
