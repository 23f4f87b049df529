import '../identity-providers-catalog.ts';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { IdentityProviderFields } from '@flotilla/core/saml';
import { InfoList } from '../../../components/InfoList.tsx';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUpdateIdentityProvider } from '../api/identity-providers.mutations.ts';
import { identityProviderQuery, type IdentityProvider } from '../api/identity-providers.queries.ts';
import { samlAccessQuery } from '../api/saml-access.queries.ts';
import { useAdministeredOrganizations } from '../hooks/use-administered-organizations.ts';
import { IdentityProviderDialog } from './IdentityProviderDialog.tsx';
import { MembershipsSection } from './MembershipsSection.tsx';
import { ReasonedButton } from '../../../components/ReasonedButton.tsx';
import { RemoveProviderAction } from './RemoveProviderAction.tsx';

const route = getRouteApi('/_app/identity-provider/$identityProviderId');

/**
 * /identity-provider/{id} (accounts spec §2): the provider's SSO identifier, entry point,
 * issuer and certificate, its organizations with their default teams, edit and remove. An
 * unknown id (or one the user cannot see) says errors.no_idp_found and goes back to the list.
 * Edit and remove are for administrators of an organization in the provider; others see them
 * disabled saying cannot_interact_not_an_admin_of_this_idp (§6).
 */
export function IdentityProviderPage() {
  const { t } = useTranslation('identityProviders');
  const { identityProviderId } = route.useRouteContext();
  const navigate = useNavigate();
  const provider = useQuery(identityProviderQuery(identityProviderId));
  usePageTitle(provider.data ? `${provider.data.sso_identifier} | ${t('pageTitle')}` : t('pageTitle'));
  const isMissing = provider.data === null;
  useEffect(() => {
    if (!isMissing) return;
    toast(t('errors.no_idp_found'), { variant: 'error' });
    void navigate({ to: '/identity-provider', replace: true });
  }, [isMissing, navigate, t]);

  if (provider.data === undefined) {
    if (provider.error) return <PageError error={provider.error} onRetry={() => provider.refetch()} asPage />;
    return <PageLoading asPage />;
  }
  if (provider.data === null) return <PageLoading asPage />;
  return <ProviderView provider={provider.data} />;
}

function ProviderView({ provider }: { provider: IdentityProvider }) {
  const { t } = useTranslation('identityProviders');
  const access = useQuery(samlAccessQuery);
  const { administers } = useAdministeredOrganizations();
  const [isEditOpen, setEditOpen] = useState(false);
  const [isCertificateShown, setCertificateShown] = useState(false);
  const update = useUpdateIdentityProvider(provider.id);
  const isIdpAdmin = provider.memberships.some((m) => m.organization !== null && administers(m.organization.id));
  const notAdminReason = isIdpAdmin ? null : t('warnings.cannot_interact_not_an_admin_of_this_idp');
  const inProvider = new Set(provider.memberships.flatMap((m) => (m.organization ? [m.organization.id] : [])));
  const candidates = (access.data?.organizations ?? []).filter((org) => !inProvider.has(org.id));
  const certificateId = `idp-certificate-${provider.id}`;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {t('title')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {provider.sso_identifier}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <ReasonedButton variant="outlined" startIcon={<EditIcon />} disabledReason={notAdminReason} onClick={() => setEditOpen(true)}>
            {t('details.edit')}
          </ReasonedButton>
          <RemoveProviderAction provider={provider} notAdminReason={notAdminReason} />
        </Stack>
      </Box>
      <Stack spacing={2}>
        <PageSection title={t('details.title')}>
          <InfoList
            items={[
              { label: t('details.sso_identifier'), value: provider.sso_identifier },
              { label: t('details.entry_point'), value: provider.entry_point },
              { label: t('details.issuer'), value: provider.issuer },
              {
                label: t('details.certificate'),
                value: (
                  <>
                    <Button size="small" sx={{ ml: -1 }} aria-expanded={isCertificateShown} aria-controls={certificateId} onClick={() => setCertificateShown((shown) => !shown)}>
                      {t(isCertificateShown ? 'details.hideCertificate' : 'details.showCertificate')}
                    </Button>
                    <Collapse in={isCertificateShown} id={certificateId}>
                      <Box
                        component="pre"
                        // Scrolls sideways on a phone: focusable so the keyboard can scroll it.
                        tabIndex={0}
                        role="region"
                        aria-label={t('details.certificate')}
                        sx={{ fontFamily: 'monospace', fontSize: '0.75rem', m: 0, mt: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', maxWidth: '100%' }}
                      >
                        {provider.certificate}
                      </Box>
                    </Collapse>
                  </>
                ),
              },
            ]}
          />
        </PageSection>
        <MembershipsSection provider={provider} isIdpAdmin={isIdpAdmin} administers={administers} candidates={candidates} notAdminReason={t('warnings.cannot_interact_not_an_admin_of_this_idp')} />
      </Stack>
      {isEditOpen && (
        <IdentityProviderDialog
          mode="edit"
          initial={{ sso_identifier: provider.sso_identifier, entry_point: provider.entry_point, issuer: provider.issuer, certificate: provider.certificate }}
          organizations={[]}
          pending={update.isPending}
          error={update.error}
          onSubmit={(body: IdentityProviderFields) =>
            update.mutate(body, {
              onSuccess: () => {
                notifySuccess(t('success.idp_updated'));
                setEditOpen(false);
              },
            })
          }
          onClose={() => {
            update.reset();
            setEditOpen(false);
          }}
        />
      )}
    </Box>
  );
}
