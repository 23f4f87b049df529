import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { accessTokensQuery, type AccessTokenRow } from '../api/access-tokens.queries.ts';
import { useRevokeAccessToken } from '../api/access-tokens.mutations.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { EditTokenDialog } from './EditTokenDialog.tsx';
import { TokenCreatedDialog } from './TokenCreatedDialog.tsx';

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
      <QueryState
        query={tokens}
        what={t('accessTokens.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('accessTokens.empty')}</Typography>}
      >
        {(rows) => (
          <TableContainer>
            <Table size="small" aria-label={t('accessTokens.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('accessTokens.columns.name')}</TableCell>
                  <TableCell>{t('accessTokens.columns.description')}</TableCell>
                  <TableCell>{t('accessTokens.columns.createdAt')}</TableCell>
                  <TableCell>{t('accessTokens.columns.expiry')}</TableCell>
                  <TableCell align="right">{t('accessTokens.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((token) => (
                  <TableRow key={token.id}>
                    <TableCell>{token.name}</TableCell>
                    <TableCell>{token.description}</TableCell>
                    <TableCell>{formatDate(token.created_at)}</TableCell>
                    <TableCell>{expiryText(token)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label={t('accessTokens.edit', { name: token.name })} onClick={() => setEditing(token)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={t('accessTokens.revoke', { name: token.name })} onClick={() => setRevoking(token)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
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
