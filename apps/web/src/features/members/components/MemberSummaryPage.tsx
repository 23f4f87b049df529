import '../members-catalog.ts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import type { ApplicationClass } from '../../../lib/model.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ScopedApplicationList } from '../../organizations/components/ScopedApplicationList.tsx';
import { useExperimentalFlag } from '../../preferences/experimental-flags.ts';
import { memberUserId, memberUsername } from '../api/members.queries.ts';
import { useMember } from '../hooks/use-member.ts';
import { MemberHeader } from './MemberHeader.tsx';
import { MemberTeams } from './MemberTeams.tsx';

/** Accounts spec §2: summary lists scroll after about 300px. */
const CARD_LIST_MAX_HEIGHT = 300;
const SECTION_PATH: Record<ApplicationClass, string> = { fleet: 'fleets', app: 'apps', block: 'blocks' };

function Card({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {children}
      {footer}
    </Paper>
  );
}

/**
 * /orgs/{orgId}/members/{memberId}: the member's teams (with "Add team to member"), fleets,
 * apps (only with the display-apps flag) and blocks, each a card linking to its section.
 */
export function MemberSummaryPage() {
  const { t } = useTranslation('members');
  const { orgId, memberId, member, failure, retry } = useMember();
  const [displayApps] = useExperimentalFlag('displayApps');
  usePageTitle(member.data ? memberUsername(member.data) : t('detail.pageTitle'));
  const userId = member.data ? memberUserId(member.data) : null;
  if (failure) return <PageError error={failure} onRetry={retry} asPage />;
  if (!member.data || userId === null) return <PageLoading asPage />;
  const base = `/orgs/${orgId}/members/${memberId}`;
  const classes: ApplicationClass[] = displayApps ? ['fleet', 'app', 'block'] : ['fleet', 'block'];

  return (
    <Box>
      <MemberHeader member={member.data} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Card
          footer={
            <Link component={RouterLink} to={`${base}/teams`}>
              {t('detail.viewAll.teams')}
            </Link>
          }
        >
          <MemberTeams orgId={orgId} userId={userId} username={memberUsername(member.data)} allowRemove={false} listMaxHeight={CARD_LIST_MAX_HEIGHT} />
        </Card>
        {classes.map((applicationClass) => (
          <Card
            key={applicationClass}
            footer={
              <Link component={RouterLink} to={`${base}/${SECTION_PATH[applicationClass]}`}>
                {t(`detail.viewAll.${applicationClass}`)}
              </Link>
            }
          >
            <ScopedApplicationList orgId={orgId} applicationClass={applicationClass} scope={{ kind: 'member', userId }} listMaxHeight={CARD_LIST_MAX_HEIGHT} />
          </Card>
        ))}
      </Box>
    </Box>
  );
}
