import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { useActualUser } from '../../staff/use-account-flags.ts';
import { supportAccessQuery } from '../api/support.queries.ts';

/**
 * Private support for one organization (accounts spec §6): the ticket form when its plan
 * includes private support and the user's email is verified; otherwise why not, with the way
 * on — the billing page for administrators, the help center for everyone else. Not while
 * logged in as another user (§5).
 */
export function PrivateSupport({ orgId, helpUrl, onCreateTicket, onNavigate }: { orgId: number; helpUrl: string | null; onCreateTicket: () => void; onNavigate: () => void }) {
  const { t } = useTranslation('support');
  const access = useQuery(supportAccessQuery(orgId));
  const loggedInAs = useActualUser() !== null;
  const canBill = useCan('resin.organization.access_billing', { organizationId: orgId });

  if (access.isPending) return <LoadingState label={t('private.loading')} />;
  if (access.isError) return <ErrorState error={access.error} what={t('private.access')} onRetry={() => access.refetch()} />;
  const { planIncludesPrivateSupport, canFileTicket, tierTitle } = access.data;

  if (loggedInAs) return <Alert severity="info">{t('private.loggedInAs')}</Alert>;
  if (!planIncludesPrivateSupport) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{t('private.notIncluded', { tier: tierTitle })}</Typography>
        {canBill ? (
          <Button variant="contained" component={Link} to={`/orgs/${orgId}/billing`} hash="billing-plans" onClick={onNavigate}>
            {t('private.upgrade')}
          </Button>
        ) : helpUrl ? (
          <Button variant="outlined" href={helpUrl} target="_blank" rel="noopener noreferrer">
            {t('private.helpCenter')}
            <VisuallyHidden> {t('shell:header.opensInNewTab')}</VisuallyHidden>
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('private.askAdministrator')}
          </Typography>
        )}
      </Stack>
    );
  }
  if (!canFileTicket) return <Alert severity="warning">{t('private.verifyEmail')}</Alert>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{t('private.included', { tier: tierTitle })}</Typography>
      <Button variant="contained" onClick={onCreateTicket}>
        {t('private.createTicket')}
      </Button>
    </Stack>
  );
}
