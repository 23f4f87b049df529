import '../members-catalog.ts';
import Box from '@mui/material/Box';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ScopedApplicationList } from '../../organizations/components/ScopedApplicationList.tsx';
import { memberUserId, memberUsername } from '../api/members.queries.ts';
import { useMember } from '../hooks/use-member.ts';
import { memberSectionFromPath } from '../member-rules.ts';
import { MemberHeader } from './MemberHeader.tsx';
import { MemberTeams } from './MemberTeams.tsx';

/** /orgs/{orgId}/members/{memberId}/teams|fleets|apps|blocks (accounts spec §2 member sidebar). */
export function MemberSectionPage() {
  const { t } = useTranslation('members');
  const pathname = useLocation({ select: (location) => location.pathname });
  const section = memberSectionFromPath(pathname);
  const { orgId, member, failure, retry } = useMember();
  usePageTitle(member.data ? `${memberUsername(member.data)} · ${t(`detail.sections.${section}`)}` : t('detail.pageTitle'));
  const userId = member.data ? memberUserId(member.data) : null;
  if (failure) return <PageError error={failure} onRetry={retry} asPage />;
  if (!member.data || userId === null) return <PageLoading asPage />;

  return (
    <Box>
      <MemberHeader member={member.data} />
      {section === 'teams' ? (
        <MemberTeams orgId={orgId} userId={userId} username={memberUsername(member.data)} allowRemove />
      ) : (
        <ScopedApplicationList orgId={orgId} applicationClass={section} scope={{ kind: 'member', userId }} />
      )}
    </Box>
  );
}
