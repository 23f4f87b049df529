import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { sshKeysQuery, type SshKeyRow } from '../api/ssh-keys.queries.ts';
import { useDeleteSshKey } from '../api/ssh-keys.mutations.ts';
import { AddSshKeyDialog } from './AddSshKeyDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { ImportSshKeysDialog } from './ImportSshKeysDialog.tsx';

/** Preferences → SSH keys: list with fingerprints, add, import, delete (accounts spec §2, §5). */
export function SshKeysTab() {
  const { t } = useTranslation('preferences');
  const { data: actor } = useQuery(whoamiQuery);
  const keys = useQuery(sshKeysQuery);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [deleting, setDeleting] = useState<SshKeyRow | null>(null);
  const remove = useDeleteSshKey();
  const userId = actor?.actorType === 'user' ? actor.actorTypeId : null;

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t('sshKeys.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sshKeys.intro')}
          </Typography>
        </Box>
        <Button variant="outlined" disabled={userId === null} onClick={() => setDialog('import')}>
          {t('sshKeys.import')}
        </Button>
        <Button variant="contained" disabled={userId === null} onClick={() => setDialog('add')}>
          {t('sshKeys.add')}
        </Button>
      </Stack>
      <QueryState
        query={keys}
        what={t('sshKeys.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('sshKeys.empty')}</Typography>}
      >
        {(rows) => (
          <Table size="small" aria-label={t('sshKeys.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sshKeys.columns.title')}</TableCell>
                <TableCell>{t('sshKeys.columns.fingerprint')}</TableCell>
                <TableCell>{t('sshKeys.columns.createdAt')}</TableCell>
                <TableCell align="right">{t('sshKeys.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.title}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{key.fingerprint}</TableCell>
                  <TableCell>{formatDate(key.created_at)}</TableCell>
                  <TableCell align="right">
                    <IconButton aria-label={t('sshKeys.delete', { title: key.title })} onClick={() => setDeleting(key)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
      {dialog === 'add' && userId !== null && <AddSshKeyDialog userId={userId} onClose={() => setDialog(null)} />}
      {dialog === 'import' && userId !== null && <ImportSshKeysDialog userId={userId} saved={keys.data ?? []} onClose={() => setDialog(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('sshKeys.deleteTitle')}
          message={t('sshKeys.deleteConfirm', { title: deleting.title })}
          confirmLabel={t('sshKeys.deleteSubmit')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(t('sshKeys.deleted'));
                setDeleting(null);
              },
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
