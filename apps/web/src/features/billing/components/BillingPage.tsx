import '../billing-catalog.ts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrganizationPermissionPage } from '../../../components/OrganizationPermissionPage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { BillingContent } from './BillingContent.tsx';

const route = getRouteApi('/_app/orgs/$orgId/billing');

/**
 * /orgs/{orgId}/billing (accounts spec §2 Billing page, §6: only organization administators see
 * billing, resin.organization.access_billing; others are told to contact an administrator, and
 * no billing request is sent for them). The API answers the same rule with 403.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  usePageTitle(t('title'));
  const { orgId } = route.useRouteContext();
  return (
    <OrganizationPermissionPage title={t('title')} organizationId={orgId} permission="resin.organization.access_billing" forbiddenMessage={t('forbidden')} pendingRows={6}>
      <BillingContent orgId={orgId} />
    </OrganizationPermissionPage>
  );
}
