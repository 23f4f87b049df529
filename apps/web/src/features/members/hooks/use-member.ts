import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { toast } from '../../../lib/toast.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryFailureKind } from '../../../components/states/query-failure.ts';
import { memberQuery } from '../api/members.queries.ts';

const memberRoute = getRouteApi('/_app/orgs/$orgId/members/$memberId');

/**
 * The membership on screen (`/orgs/{orgId}/members/{memberId}`; memberId is the
 * organization_membership id). An id that is not a member of this organization sends the user
 * back to the members list with an error, as an unknown id does elsewhere (accounts spec §2).
 */
export function useMember() {
  const { t } = useTranslation('members');
  const router = useRouter();
  const { orgId, memberId } = memberRoute.useRouteContext();
  const member = useQuery(memberQuery(orgId, memberId));
  // Missing is an answer (no such membership, or 404); a failed read (a 500, the network) is not,
  // and the pages show it with Retry rather than "not found".
  const failed = member.isError && !member.data;
  const isMissing = member.data === null || (failed && queryFailureKind(member.error) === 'notFound');
  useEffect(() => {
    if (!isMissing) return;
    toast(t('detail.notFound'), { variant: 'error' });
    void router.navigate({ to: '/orgs/$orgId/members', params: { orgId: String(orgId) }, replace: true });
  }, [isMissing, orgId, router, t]);
  return { orgId, memberId, member, failure: failed && !isMissing ? member.error : null, retry: member.refetch };
}
