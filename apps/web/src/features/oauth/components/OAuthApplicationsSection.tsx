import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreatedOAuthApplication } from '@flotilla/core/schemas/oauth';
import '../oauth-catalog.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { createdApplicationsQuery, type CreatedApplicationRow } from '../api/oauth.queries.ts';
import { useDeleteApplication } from '../api/oauth.mutations.ts';
import { CreateOAuthApplicationDialog } from './CreateOAuthApplicationDialog.tsx';
import { OAuthApplicationCreatedDialog } from './OAuthApplicationCreatedDialog.tsx';

/** Preferences → Access tokens: the OAuth applications the user registered (create, list, delete). */
export function OAuthApplicationsSection({ userId }: { userId: number }) {
  const { t } = useTranslation('oauth');
  const applications = useQuery(createdApplicationsQuery(userId));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedOAuthApplication | null>(null);
  const [deleting, setDeleting] = useState<CreatedApplicationRow | null>(null);
  const remove = useDeleteApplication();
  const createButton = (
    <Button variant="contained" onClick={() => setCreating(true)}>
      {t('applications.create')}
    </Button>
  );

  return (
    <Box component="section" aria-labelledby="oauth-applications-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" id="oauth-applications-title">
            {t('applications.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('applications.intro')}
          </Typography>
        </Box>
        {createButton}
      </Stack>
      <QueryState query={applications} what={t('applications.what')} loadingRows={2} isEmpty={(rows) => rows.length === 0} empty={<EmptyState title={t('applications.empty')} />}>
        {(rows) => (
          <List aria-labelledby="oauth-applications-title">
            {rows.map((app) => (
              <ListItem
                key={app.id}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={t('applications.delete', { name: app.name })} onClick={() => setDeleting(app)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={app.name}
                  secondary={`${t('applications.clientId')}: ${app.client_id} · ${app.redirect_uri}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      {creating && (
        <CreateOAuthApplicationDialog
          onClose={() => setCreating(false)}
          onCreated={(app) => {
            setCreating(false);
            setCreated(app);
          }}
        />
      )}
      {created && <OAuthApplicationCreatedDialog created={created} onClose={() => setCreated(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('applications.deleteTitle')}
          message={t('applications.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('applications.deleteSubmit')}
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(t('applications.deleted'));
                setDeleting(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
    </Box>
  );
}
