import '../../preferences/preferences-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
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
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { ImportSshKeysDialog } from './ImportSshKeysDialog.tsx';

/** The SSH key list's sortable, filterable fields (by column id), newest first as the API answers. */
const SSH_KEY_LIST: ClientListConfig = {
  tableId: 'ssh-keys',
  fields: {
    title: { kind: 'text', path: 'title' },
    fingerprint: { kind: 'text', path: 'fingerprint' },
    createdAt: { kind: 'date', path: 'created_at' },
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

/** Preferences → SSH keys: list with fingerprints, add, import, delete (accounts spec §2, §5). */
export function SshKeysTab() {
  const { t } = useTranslation('preferences');
  const { data: actor } = useQuery(whoamiQuery);
  const keys = useQuery(sshKeysQuery);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [deleting, setDeleting] = useState<SshKeyRow | null>(null);
  const remove = useDeleteSshKey();
  const userId = actor?.actorType === 'user' ? actor.actorTypeId : null;
  const columns: DataColumn<SshKeyRow>[] = [
    { id: 'title', label: t('sshKeys.columns.title'), isHideable: false, minWidth: 120, render: (key) => key.title },
    { id: 'fingerprint', label: t('sshKeys.columns.fingerprint'), render: (key) => <Box sx={{ fontFamily: 'monospace' }}>{key.fingerprint}</Box> },
    { id: 'createdAt', label: t('sshKeys.columns.createdAt'), render: (key) => formatDate(key.created_at) },
    actionsColumn(t('sshKeys.columns.actions'), (key) => (
      <IconButton aria-label={t('sshKeys.delete', { title: key.title })} onClick={() => setDeleting(key)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    )),
  ];

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
      <ClientDataList
        label={t('sshKeys.title')}
        what={t('sshKeys.what')}
        config={SSH_KEY_LIST}
        columns={columns}
        query={keys}
        getRowId={(key) => key.id}
        rowName={(key) => key.title}
        empty={<EmptyState title={t('sshKeys.empty')} />}
        noMatchTitle={t('sshKeys.noMatch')}
      />
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
