import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redirectHost } from '@flotilla/core/oauth';
import '../oauth-catalog.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { authorizationsQuery, type AuthorizationRow } from '../api/oauth.queries.ts';
import { useRevokeAuthorization } from '../api/oauth.mutations.ts';

/** Preferences → Access tokens: the applications the user authorized; revoking ends their tokens. */
export function AuthorizedApplicationsSection({ userId }: { userId: number }) {
  const { t } = useTranslation('oauth');
  const authorizations = useQuery(authorizationsQuery(userId));
  const [revoking, setRevoking] = useState<AuthorizationRow | null>(null);
  const revoke = useRevokeAuthorization();
  const nameOf = (row: AuthorizationRow) => row.oauth_application[0]?.name ?? t('authorized.unknownApplication');

  return (
    <Box component="section" aria-labelledby="oauth-authorized-title">
      <Typography variant="h6" component="h2" id="oauth-authorized-title">
        {t('authorized.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('authorized.intro')}
      </Typography>
      <QueryState query={authorizations} what={t('authorized.what')} loadingRows={2} isEmpty={(rows) => rows.length === 0} empty={<EmptyState title={t('authorized.empty')} />}>
        {(rows) => (
          <List aria-labelledby="oauth-authorized-title">
            {rows.map((row) => (
              <ListItem
                key={row.id}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={t('authorized.revoke', { name: nameOf(row) })} onClick={() => setRevoking(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={nameOf(row)}
                  secondary={[row.oauth_application[0] ? redirectHost(row.oauth_application[0].redirect_uri) : null, t('authorized.since', { date: formatDate(row.created_at) })].filter(Boolean).join(' · ')}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      {revoking && (
        <ConfirmDialog
          title={t('authorized.revokeTitle')}
          message={t('authorized.revokeConfirm', { name: nameOf(revoking) })}
          confirmLabel={t('authorized.revokeSubmit')}
          busy={revoke.isPending}
          error={revoke.error?.message ?? null}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notifySuccess(t('authorized.revoked'));
                setRevoking(null);
              },
            })
          }
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
        />
      )}
    </Box>
  );
}
