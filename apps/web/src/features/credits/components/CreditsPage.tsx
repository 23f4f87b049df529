import '../credits-catalog.ts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrganizationPermissionPage } from '../../../components/OrganizationPermissionPage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { CreditsContent } from './CreditsContent.tsx';

const route = getRouteApi('/_app/orgs/$orgId/credits');

/**
 * /orgs/{orgId}/credits (accounts spec §2 Credits page, §6: only organization administrators,
 * resin.organization.access_billing, see credits; others are told to contact an administrator
 * and no credits request is sent for them). The API answers the same rule.
 */
export function CreditsPage() {
  const { t } = useTranslation('credits');
  usePageTitle(t('title'));
  const { orgId } = route.useRouteContext();
  return (
    <OrganizationPermissionPage title={t('title')} organizationId={orgId} permission="resin.organization.access_billing" forbiddenMessage={t('forbidden')} pendingRows={4}>
      <CreditsContent orgId={orgId} />
    </OrganizationPermissionPage>
  );
}
