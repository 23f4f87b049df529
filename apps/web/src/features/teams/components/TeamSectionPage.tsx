import '../teams-catalog.ts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ScopedApplicationList } from '../../organizations/components/ScopedApplicationList.tsx';
import { useTeam } from '../hooks/use-team.ts';
import { TeamFleetsSection } from './TeamFleetsSection.tsx';
import { TeamMembersSection } from './TeamMembersSection.tsx';

type Section = 'members' | 'fleets' | 'apps' | 'blocks';

/** The section from the last path segment (/orgs/$orgId/teams/$teamId/<section>). */
function sectionOf(pathname: string): Section {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'fleets' || last === 'apps' || last === 'blocks' ? last : 'members';
}

/** /orgs/$orgId/teams/$teamId/members|fleets|apps|blocks (accounts spec §2, team sidebar entries). */
export function TeamSectionPage() {
  const { t } = useTranslation('teams');
  const section = sectionOf(useRouterState({ select: (state) => state.location.pathname }));
  const { orgId, teamId, team, error, retry } = useTeam();
  const sectionTitle = t(`summary.${section}`);
  usePageTitle(team ? `${sectionTitle} - ${t('summary.pageTitle', { name: team.name })}` : null);
  if (error && !team) return <PageError error={error} onRetry={retry} asPage />;
  if (!team) return <PageLoading asPage />;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {team.name}
      </Typography>
      {section === 'members' ? (
        <TeamMembersSection orgId={orgId} teamId={teamId} teamName={team.name} />
      ) : section === 'fleets' ? (
        <TeamFleetsSection orgId={orgId} teamId={teamId} teamName={team.name} />
      ) : (
        <ScopedApplicationList orgId={orgId} applicationClass={section === 'apps' ? 'app' : 'block'} scope={{ kind: 'team', teamId }} />
      )}
    </Box>
  );
}
