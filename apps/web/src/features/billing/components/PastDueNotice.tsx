import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pastDueStatus } from '@flotilla/core/billing/past-due';
import { formatDate } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { organizationQuery } from '../../organizations/api/organizations.queries.ts';

/**
 * The past-due notice on an organization's pages, billing included (accounts spec §4
 * "Notices: under 30 days warning; 30 to 59 error with days until freezing; 60 or more frozen
 * message", §9; the levels are core/billing/past-due.ts, the rule the API freezes by). Billing
 * users get a link to the payment method; others are asked to reach the administrators. Its
 * words are in the `organizations` catalog: it shows outside the billing page's chunk.
 */
export function PastDueNotice({ orgId }: { orgId: number }) {
  const organization = useQuery(organizationQuery(orgId));
  const canBill = useCan('resin.organization.access_billing', { organizationId: orgId });
  if (!organization.data) return null;
  return <PastDueBanner orgId={orgId} since={organization.data.has_past_due_invoice_since__date} isFrozen={organization.data.is_frozen} canBill={canBill} now={new Date()} />;
}

export interface PastDueBannerProps {
  orgId: number;
  since: string | null;
  isFrozen: boolean;
  canBill: boolean;
  now: Date;
}

export function PastDueBanner({ orgId, since, isFrozen, canBill, now }: PastDueBannerProps) {
  const { t } = useTranslation('organizations');
  const status = pastDueStatus(since, now);
  // An organization frozen for another reason (or before the date was kept) still says so.
  const level = isFrozen ? 'frozen' : status.level;
  if (level === 'none') return null;
  const date = since ? formatDate(since) : null;
  const message =
    level === 'frozen'
      ? date
        ? t('pastDue.frozen', { date })
        : t('pastDue.frozenNoDate')
      : level === 'error'
        ? t('pastDue.error', { date, count: status.daysUntilFreeze })
        : t('pastDue.warning', { date });
  return (
    <Alert severity={level === 'warning' ? 'warning' : 'error'} sx={{ mb: 2 }} data-testid="past-due-notice" data-level={level}>
      {message}{' '}
      {canBill ? (
        <Link component={RouterLink} to={`/orgs/${orgId}/billing`} hash="payment-method" sx={{ verticalAlign: 'baseline' }}>
          {t('pastDue.updatePaymentMethod')}
        </Link>
      ) : (
        t('pastDue.reachAdministrators')
      )}
    </Alert>
  );
}
