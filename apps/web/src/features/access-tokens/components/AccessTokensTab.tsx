import '../../preferences/preferences-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { accessTokensQuery, type AccessTokenRow } from '../api/access-tokens.queries.ts';
import { useRevokeAccessToken } from '../api/access-tokens.mutations.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { EditTokenDialog } from './EditTokenDialog.tsx';
import { TokenCreatedDialog } from './TokenCreatedDialog.tsx';
import { OAuthSections } from '../../oauth/components/OAuthSections.tsx';

/** The token list's sortable, filterable fields (by column id), by name as the API answers. */
const ACCESS_TOKEN_LIST: ClientListConfig = {
  tableId: 'access-tokens',
  fields: {
    name: { kind: 'text', path: 'name' },
    description: { kind: 'text', path: 'description' },
    createdAt: { kind: 'date', path: 'created_at' },
    expiry: { kind: 'date', path: 'expiry_date' },
  },
  defaultSort: { field: 'name', direction: 'asc' },
};

/** Preferences → Access tokens: named user API keys (accounts spec §2, §4, §5, §9). */
export function AccessTokensTab() {
  const { t } = useTranslation('preferences');
  const { data: actor } = useQuery(whoamiQuery);
  const tokens = useQuery({ ...accessTokensQuery(actor?.id ?? 0), enabled: actor !== undefined });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [editing, setEditing] = useState<AccessTokenRow | null>(null);
  const [revoking, setRevoking] = useState<AccessTokenRow | null>(null);
  const revoke = useRevokeAccessToken();
  const expiryText = (token: AccessTokenRow) => {
    if (token.expiry_date === null) return t('accessTokens.never');
    const text = formatDate(token.expiry_date);
    // Expired as of the answer shown (refetched every 6 s), which keeps rendering pure.
    return new Date(token.expiry_date).getTime() <= tokens.dataUpdatedAt ? `${text} (${t('accessTokens.expired')})` : text;
  };
  const columns: DataColumn<AccessTokenRow>[] = [
    { id: 'name', label: t('accessTokens.columns.name'), isHideable: false, minWidth: 120, render: (token) => token.name },
    { id: 'description', label: t('accessTokens.columns.description'), render: (token) => token.description },
    { id: 'createdAt', label: t('accessTokens.columns.createdAt'), render: (token) => formatDate(token.created_at) },
    { id: 'expiry', label: t('accessTokens.columns.expiry'), render: expiryText },
    actionsColumn(t('accessTokens.columns.actions'), (token) => (
      <>
        <IconButton aria-label={t('accessTokens.edit', { name: token.name })} onClick={() => setEditing(token)}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={t('accessTokens.revoke', { name: token.name })} onClick={() => setRevoking(token)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </>
    )),
  ];

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t('accessTokens.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accessTokens.intro')}
          </Typography>
        </Box>
        <Button variant="contained" disabled={actor?.actorType !== 'user'} onClick={() => setCreating(true)}>
          {t('accessTokens.create')}
        </Button>
      </Stack>
      <ClientDataList
        label={t('accessTokens.title')}
        what={t('accessTokens.what')}
        config={ACCESS_TOKEN_LIST}
        columns={columns}
        query={tokens}
        getRowId={(token) => token.id}
        rowName={(token) => token.name}
        empty={<EmptyState title={t('accessTokens.empty')} />}
        noMatchTitle={t('accessTokens.noMatch')}
      />
      <OAuthSections />
      {creating && (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created !== null && <TokenCreatedDialog token={created} onClose={() => setCreated(null)} />}
      {editing && <EditTokenDialog token={editing} onClose={() => setEditing(null)} />}
      {revoking && (
        <ConfirmDialog
          title={t('accessTokens.revokeTitle')}
          message={t('accessTokens.revokeConfirm', { name: revoking.name })}
          confirmLabel={t('accessTokens.revokeSubmit')}
          busy={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notifySuccess(t('accessTokens.revoked'));
                setRevoking(null);
              },
            })
          }
          onClose={() => setRevoking(null)}
        />
      )}
    </Box>
  );
}
