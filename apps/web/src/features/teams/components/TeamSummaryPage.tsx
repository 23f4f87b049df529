import '../teams-catalog.ts';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { readFailureOf, type ReadFailure } from '../../../components/states/query-failure.ts';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ApplicationClass } from '../../../lib/model.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useExperimentalFlag } from '../../preferences/experimental-flags.ts';
import { teamAccessQuery, teamMembersQuery } from '../api/teams.queries.ts';
import { useTeam } from '../hooks/use-team.ts';

/**
 * /orgs/$orgId/teams/$teamId (accounts spec §2): cards for the team's members, fleets, apps
 * (only with the display-apps experimental flag) and blocks, each with a count and a list that
 * scrolls past about 300px.
 */
export function TeamSummaryPage() {
  const { t } = useTranslation('teams');
  const { orgId, teamId, team, error, retry } = useTeam();
  usePageTitle(team ? t('summary.pageTitle', { name: team.name }) : null);
  const [displayApps] = useExperimentalFlag('displayApps');
  const members = useQuery(teamMembersQuery(orgId, teamId));
  const access = useQuery(teamAccessQuery(orgId, teamId));
  if (error && !team) return <PageError error={error} onRetry={retry} asPage />;
  if (!team) return <PageLoading asPage />;

  const base = `/orgs/${orgId}/teams/${teamId}`;
  // A count whose read failed says so with Retry, instead of "…" for ever.
  const membersFailure = readFailureOf([members]);
  const accessFailure = readFailureOf([access]);
  const ofClass = (applicationClass: ApplicationClass) =>
    access.data?.filter((a) => a.application.is_of__class === applicationClass).map((a) => ({ key: a.id, label: a.application.app_name }));
  const classes: Array<{ section: ApplicationClass; path: string; label: string; what: string }> = [
    { section: 'fleet', path: 'fleets', label: t('summary.fleets'), what: t('fleets.what') },
    ...(displayApps ? [{ section: 'app' as const, path: 'apps', label: t('summary.apps'), what: t('summary.appsWhat') }] : []),
    { section: 'block', path: 'blocks', label: t('summary.blocks'), what: t('summary.blocksWhat') },
  ];

  return (
    <Box>
      <Typography variant="h5" component="h1">
        {team.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('summary.created', { date: formatDate(team.created_at) })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <SummaryCard
          title={t('summary.members')}
          to={`${base}/members`}
          items={members.data?.map((m) => ({ key: m.id, label: m.username }))}
          failure={membersFailure}
          what={t('members.what')}
        />
        {classes.map((c) => (
          <SummaryCard key={c.section} title={c.label} to={`${base}/${c.path}`} items={ofClass(c.section)} failure={accessFailure} what={c.what} />
        ))}
      </Box>
    </Box>
  );
}

function SummaryCard({
  title,
  to,
  items,
  failure,
  what,
}: {
  title: string;
  to: string;
  items: Array<{ key: number; label: ReactNode }> | undefined;
  /** The read behind `items` failed without data: the card shows it with Retry, not a count. */
  failure: ReadFailure | null;
  /** Names what `items` are, for the error's title ("the team members"). */
  what: string;
}) {
  const { t } = useTranslation('teams');
  const headingId = `team-summary-${to.split('/').pop()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {/* An aria-label on a paragraph is not read: what the number counts is hidden text. */}
          {!(items === undefined && failure) && (
            <Typography variant="h6" component="p">
              <VisuallyHidden>{`${title}: `}</VisuallyHidden>
              {items === undefined ? '…' : t('summary.count', { count: items.length })}
            </Typography>
          )}
        </Box>
        {items === undefined && failure && <ErrorState error={failure.error} what={what} onRetry={failure.retry} />}
        {items !== undefined && items.length === 0 && <Typography color="text.secondary">{t('summary.none')}</Typography>}
        {items !== undefined && items.length > 0 && (
          // Focusable, so a keyboard can scroll a long list (its items are plain text).
          <List dense sx={{ maxHeight: 300, overflowY: 'auto' }} aria-label={title} tabIndex={0}>
            {items.map((item) => (
              <ListItem key={item.key} disableGutters>
                <ListItemText primary={item.label} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={Link} to={to}>
          {t('summary.viewAll', { section: title.toLowerCase() })}
        </Button>
      </CardActions>
    </Card>
  );
}
