import '../organizations-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { applicationPath } from '@flotilla/core/application-class';
import { rolesHavePermission } from '@flotilla/core/roles';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { HiddenPageHeading } from '../../../components/VisuallyHidden.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ApplicationClass } from '../../../lib/model.ts';
import { useRoles } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useExperimentalFlag } from '../../preferences/experimental-flags.ts';
import { administratorUserIds, organizationQuery, organizationSummaryQuery, type OrganizationSummary } from '../api/organizations.queries.ts';
import { ChangeLogoDialog } from './ChangeLogoDialog.tsx';
import { DeleteOrganizationDialog } from './DeleteOrganizationDialog.tsx';
import { LeaveOrganizationDialog } from './LeaveOrganizationDialog.tsx';
import { OrganizationAvatar } from './OrganizationAvatar.tsx';
import { RenameOrganizationDialog } from './RenameOrganizationDialog.tsx';
import { DetailsCard, SummaryCard, type SummaryCardItem } from './SummaryCard.tsx';

type OpenDialog = 'rename' | 'logo' | 'delete' | 'leave' | null;

function applicationItems(summary: OrganizationSummary | undefined, applicationClass: ApplicationClass): SummaryCardItem[] | undefined {
  return summary?.applications
    .filter((app) => app.is_of__class === applicationClass)
    .map((app) => ({ key: app.id, label: app.app_name, to: applicationPath(applicationClass, app.id) }));
}

/** /orgs/{orgId} (accounts spec §2 Organization summary, §6 delete-or-leave rule). */
export function OrganizationSummaryPage() {
  const { t } = useTranslation('organizations');
  const { orgId: rawOrgId } = useParams({ strict: false }) as { orgId?: string };
  const orgId = Number(rawOrgId);
  const organization = useQuery(organizationQuery(orgId));
  const summary = useQuery(organizationSummaryQuery(orgId));
  const { data: actor } = useQuery(whoamiQuery);
  const [displayApps] = useExperimentalFlag('displayApps');
  // Delete or Leave is chosen only once the roles are read: until then a sole administrator would
  // be offered Leave (the server refuses the last administrator's leaving) for a moment.
  const roles = useRoles({ organizationId: orgId });
  const can = (permission: string) => roles !== null && rolesHavePermission(roles, permission);
  const canUpdate = can('resin.organization.update');
  const canDelete = can('resin.organization.delete');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  usePageTitle(organization.data?.name);

  const org = organization.data;
  if (!org) {
    // null: gone or out of reach; the route guard sends the user to /orgs on the next navigation.
    if (!organization.error) return <PageLoading asPage />;
    return (
      <>
        <HiddenPageHeading>{t('common:states.couldNotLoadThing', { what: t('summary.what') })}</HiddenPageHeading>
        <ErrorState error={organization.error} what={t('summary.what')} onRetry={() => organization.refetch()} />
      </>
    );
  }

  const userId = actor?.actorTypeId;
  const memberships = summary.data?.memberships;
  const admins = memberships ? administratorUserIds(memberships) : [];
  // Delete is offered only to the sole administrator holding the delete permission (accounts spec §6).
  const isSoleAdmin = admins.length === 1 && admins[0] === userId;
  const ownMembershipId = memberships?.find((m) => m.user[0]?.id === userId)?.id;
  const base = `/orgs/${orgId}`;
  const memberItems = memberships?.map((m) => ({ key: m.id, label: m.user[0]?.username ?? String(m.id), to: `${base}/members/${m.id}` }));
  const teamItems = summary.data?.teams.map((team) => ({ key: team.id, label: team.name, to: `${base}/teams/${team.id}` }));

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <OrganizationAvatar name={org.name} logo={org.logo_image} size={40} />
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {org.name}
        </Typography>
        {/* The actions wrap onto a new line rather than squeezing their labels onto two (390 px). */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('summary.actions')}>
          {canUpdate && (
            <>
              <Button variant="outlined" onClick={() => setDialog('rename')}>
                {t('summary.rename')}
              </Button>
              <Button variant="outlined" onClick={() => setDialog('logo')}>
                {t('summary.changeLogo')}
              </Button>
            </>
          )}
          {summary.data &&
            roles !== null &&
            (canDelete && isSoleAdmin ? (
              <Button variant="outlined" color="error" onClick={() => setDialog('delete')}>
                {t('summary.delete')}
              </Button>
            ) : ownMembershipId !== undefined ? (
              <Button variant="outlined" color="error" onClick={() => setDialog('leave')}>
                {t('summary.leave')}
              </Button>
            ) : null)}
        </Stack>
      </Box>
      {summary.error && !summary.data && (
        <Box sx={{ mb: 2 }}>
          <ErrorState error={summary.error} what={t('summary.cardsWhat')} onRetry={() => summary.refetch()} />
        </Box>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <DetailsCard title={t('summary.details')}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
              <Typography component="dt" color="text.secondary">
                {t('summary.handle')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {org.handle}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('summary.created')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDate(org.created_at)}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('summary.logo')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {org.logo_image ? (
                  <OrganizationAvatar name={org.name} logo={org.logo_image} size={48} />
                ) : (
                  <Typography>{t('summary.noLogo')}</Typography>
                )}
              </Box>
            </Box>
          </DetailsCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <SummaryCard title={t('summary.members')} items={memberItems} viewAllTo={`${base}/members`} isLoading={summary.isPending} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <SummaryCard title={t('summary.teams')} items={teamItems} viewAllTo={`${base}/teams`} isLoading={summary.isPending} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <SummaryCard title={t('summary.fleets')} items={applicationItems(summary.data, 'fleet')} viewAllTo={`${base}/fleets`} isLoading={summary.isPending} />
        </Grid>
        {displayApps && (
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <SummaryCard title={t('summary.apps')} items={applicationItems(summary.data, 'app')} viewAllTo={`${base}/apps`} isLoading={summary.isPending} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <SummaryCard title={t('summary.blocks')} items={applicationItems(summary.data, 'block')} viewAllTo={`${base}/blocks`} isLoading={summary.isPending} />
        </Grid>
      </Grid>
      {dialog === 'rename' && <RenameOrganizationDialog organization={org} onClose={() => setDialog(null)} />}
      {dialog === 'logo' && <ChangeLogoDialog organization={org} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteOrganizationDialog organization={org} onClose={() => setDialog(null)} />}
      {dialog === 'leave' && ownMembershipId !== undefined && (
        <LeaveOrganizationDialog organization={org} membershipId={ownMembershipId} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}
