import '../identity-providers-catalog.ts';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCreateIdentityProvider } from '../api/identity-providers.mutations.ts';
import { identityProviderListQuery } from '../api/identity-providers.queries.ts';
import { samlAccessQuery } from '../api/saml-access.queries.ts';
import { IdentityProviderDialog } from './IdentityProviderDialog.tsx';

/**
 * /identity-provider (accounts spec §2; the route has checked the SAML feature): with a provider
 * of an organization the user administers, its page; otherwise an empty state whose Add opens
 * the add dialog. A user who administers no organization with saml_access can neither see nor
 * add one: 'unauthorized view idp' and off to /fleets (§8).
 */
export function IdentityProviderListPage() {
  const { t } = useTranslation('identityProviders');
  usePageTitle(t('pageTitle'));
  const navigate = useNavigate();
  const access = useQuery(samlAccessQuery);
  const organizations = access.data?.organizations ?? [];
  const providers = useQuery({ ...identityProviderListQuery(organizations.map((o) => o.id)), enabled: access.data !== undefined });
  const create = useCreateIdentityProvider();
  const [isAddOpen, setAddOpen] = useState(false);
  const isUnauthorized = access.data !== undefined && organizations.length === 0;
  useEffect(() => {
    if (!isUnauthorized) return;
    toast(t('errors.unauthorized_view_idp'), { variant: 'error' });
    void navigate({ to: '/$fleetClass', params: { fleetClass: 'fleets' }, replace: true });
  }, [isUnauthorized, navigate, t]);

  const failed = access.error ?? providers.error;
  if (failed && (access.data === undefined || providers.data === undefined)) {
    return <PageError error={failed} onRetry={() => Promise.all([access.refetch(), providers.refetch()])} asPage />;
  }
  if (access.data === undefined || providers.data === undefined || isUnauthorized) return <PageLoading asPage />;
  const first = providers.data[0];
  if (first) return <Navigate to="/identity-provider/$identityProviderId" params={{ identityProviderId: String(first.id) }} replace />;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <EmptyState
        title={t('empty.title')}
        help={t('empty.help')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddOpen(true)}>
            {t('add')}
          </Button>
        }
      />
      {isAddOpen && (
        <IdentityProviderDialog
          mode="add"
          organizations={organizations}
          pending={create.isPending}
          error={create.error}
          onSubmit={(fields, organizationIds) =>
            create.mutate(
              { ...fields, organization_id: organizationIds },
              {
                onSuccess: (id) => {
                  notifySuccess(t('success.idp_added', { ssoIdentifier: fields.sso_identifier }));
                  setAddOpen(false);
                  void navigate({ to: '/identity-provider/$identityProviderId', params: { identityProviderId: String(id) } });
                },
              },
            )
          }
          onClose={() => {
            create.reset();
            setAddOpen(false);
          }}
        />
      )}
    </Box>
  );
}
