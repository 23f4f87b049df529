import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from 'react-i18next';
import { teamQuery } from '../api/teams.queries.ts';

const route = getRouteApi('/_app/orgs/$orgId/teams/$teamId');

/**
 * The team on screen. A team that does not exist, belongs to another organization or is not
 * visible sends the user back to the organization's teams with an error toast.
 */
export function useTeam() {
  const { t } = useTranslation('teams');
  const { orgId, teamId } = route.useRouteContext();
  const navigate = useNavigate();
  const team = useQuery(teamQuery(orgId, teamId));
  const isMissing = team.data === null;
  useEffect(() => {
    if (!isMissing) return;
    toast(t('notFound'), { variant: 'error' });
    void navigate({ to: '/orgs/$orgId/teams', params: { orgId: String(orgId) }, replace: true });
  }, [isMissing, navigate, orgId, t]);
  return { orgId, teamId, team: team.data ?? null, error: team.error, retry: team.refetch };
}
