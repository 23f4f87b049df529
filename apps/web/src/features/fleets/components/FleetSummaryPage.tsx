import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, getRouteApi, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applicationPath } from '@flotilla/core/application-class';
import { InfoList } from '../../../components/InfoList.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCan, useRolesState } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetDeviceCountsQuery, fleetQuery, type FleetWithSettings } from '../api/fleets.queries.ts';
import { RELEASE_CARD_POLL_MS, releaseTargeting, shortCommit } from '../fleet-summary.ts';
import { useFleetAccess } from '../../fleet-members/hooks/use-fleet-access.ts';
import { SupportAccessBanner } from '../../fleet-settings/components/SupportAccessBanner.tsx';
import { FleetTagsCard } from '../../fleet-tags/components/FleetTagsCard.tsx';
import { AddTeamAccessDialog } from '../../fleet-teams/components/AddTeamAccessDialog.tsx';
import { fleetTeamAbilities } from '../../fleet-teams/fleet-team-rules.ts';
import { AddDeviceDialog } from './AddDeviceDialog.tsx';
import { DeployToFleetDialog } from './DeployToFleetDialog.tsx';
import { DeviceStatusCounts } from './DeviceStatusCounts.tsx';
import { FrozenDevicesNotice } from './FrozenDevicesNotice.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId');

type OpenDialog = 'deploy' | 'addDevice' | 'assignTeams' | null;

/**
 * /{fleets|apps|blocks}/$fleetId (fleets spec §2 "Fleet summary"): the info card (with the release
 * targeting), the devices by overall status linking to the filtered device list (fleets only), the
 * release card, and the fleet's dialogs. Polls with the fleet query (fleets spec §7 "Fleet detail polls").
 */
export function FleetSummaryPage() {
  const { t } = useTranslation('fleets');
  const { fleetId, applicationClass } = route.useRouteContext();
  // At the release card's pace (fleets spec §9 "Releases and release card: 6 s"), not the default
  // 15 s: a new release the fleet tracks, or a new pin, shows on the card within 6 s.
  const { data: fleet } = useQuery({ ...fleetQuery(fleetId), refetchInterval: RELEASE_CARD_POLL_MS });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const scope = { fleetId, organizationId: fleet?.organization[0]?.id };
  // Adding a device is making a provisioning key for it (compat §3.5).
  const canAddDevice = useCan('resin.api_key.create', scope);
  const canDeploy = useCan('resin.release.create', scope);
  const access = useFleetAccess(fleetId);
  const canAssignTeams = fleetTeamAbilities(access.roles, access.organizationRoles).canAdd;
  // The actions above wait for the user's roles; a failed read of them says so with Retry rather
  // than leaving the header as if the user might do nothing here.
  const rolesFailure = useRolesState(scope).failure ?? access.failure;
  usePageTitle(fleet ? t('summary.pageTitle', { name: fleet.app_name }) : null);
  // The route's loader resolved the fleet before this renders. A refetch that finds it gone
  // (deleted or moved out of reach elsewhere) leads to the fleet list, as the loader would.
  if (fleet === null) return <Navigate to="/$fleetClass" params={{ fleetClass: 'fleets' }} replace />;
  if (!fleet) return <PageLoading asPage />;
  const isFleet = applicationClass === 'fleet';

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {fleet.app_name}
        </Typography>
        {canDeploy && (
          <Button variant="outlined" startIcon={<CloudUploadIcon />} onClick={() => setDialog('deploy')}>
            {t('deploy.open')}
          </Button>
        )}
        {canAssignTeams && (
          <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => setDialog('assignTeams')}>
            {t('assignTeams')}
          </Button>
        )}
        {isFleet && canAddDevice && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('addDevice')}>
            {t('addDevice.open')}
          </Button>
        )}
      </Box>
      {rolesFailure && (
        <Box sx={{ mb: 2 }}>
          <ErrorState error={rolesFailure.error} what={t('common:states.yourPermissions')} onRetry={rolesFailure.retry} />
        </Box>
      )}
      <Box sx={{ mb: 2, '&:empty': { display: 'none' } }}>
        <SupportAccessBanner until={fleet.is_accessible_by_support_until__date} applicationClass={applicationClass} />
      </Box>
      {isFleet && <FrozenDevicesNotice fleetId={fleetId} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <InfoCard fleet={fleet} />
        {isFleet && (
          <Card variant="outlined">
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'baseline', mb: 1 }}>
                <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                  {t('summary.devicesByStatus')}
                </Typography>
                <DeviceTotal fleetId={fleetId} />
              </Box>
              <DeviceStatusCounts fleetId={fleetId} />
              <Button component={RouterLink} to={applicationPath('fleet', fleetId, 'devices')} sx={{ mt: 1 }}>
                {t('summary.viewDevices')}
              </Button>
            </CardContent>
          </Card>
        )}
        <ReleaseCard fleet={fleet} />
        <FleetTagsCard fleetId={fleetId} organizationId={fleet.organization[0]?.id} />
      </Box>
      {dialog === 'deploy' && <DeployToFleetDialog slug={fleet.slug} onClose={() => setDialog(null)} />}
      {dialog === 'assignTeams' && access.organizationId !== undefined && (
        <AddTeamAccessDialog
          fleetId={fleetId}
          organizationId={access.organizationId}
          applicationClass={applicationClass}
          isOrganizationAdmin={access.isOrganizationAdmin}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'addDevice' && fleet.organization[0] && (
        <AddDeviceDialog
          fleetId={fleetId}
          fleetSlug={fleet.slug}
          organizationId={fleet.organization[0].id}
          deviceTypeSlug={fleet.is_for__device_type[0]?.slug ?? 'raspberrypi4-64'}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}

/**
 * The fleet's device total beside the status counts: their sum (every device has exactly one
 * overall status), from the same query, so no count of its own; the card says when counting failed.
 */
function DeviceTotal({ fleetId }: { fleetId: number }) {
  const { t } = useTranslation('fleets');
  const { data: counts } = useQuery(fleetDeviceCountsQuery(fleetId));
  if (counts === undefined) return null;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <Typography variant="body2" color="text.secondary">
      {t('summary.totalDevices', { count: total })}
    </Typography>
  );
}

function InfoCard({ fleet }: { fleet: FleetWithSettings }) {
  const { t } = useTranslation('fleets');
  const organization = fleet.organization[0];
  const targeting = releaseTargeting(fleet);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('summary.info', { context: fleet.is_of__class })}
        </Typography>
        <InfoList
          items={[
            { label: t('summary.slug'), value: fleet.slug },
            { label: t('summary.uuid'), value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{fleet.uuid}</Box> },
            { label: t('summary.deviceType'), value: fleet.is_for__device_type[0]?.name ?? '—' },
            {
              label: t('summary.organization'),
              value: organization ? (
                <Link component={RouterLink} to={`/orgs/${organization.id}`}>
                  {organization.name}
                </Link>
              ) : (
                '—'
              ),
            },
            { label: t('summary.createdAt'), value: formatDate(fleet.created_at) },
            { label: t('summary.releaseTargeting'), value: t(`summary.targeting.${targeting.kind}`) },
            { label: t('summary.visibility'), value: fleet.is_public ? t('summary.public') : t('summary.private') },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** The release the fleet's devices should run (fleets spec §2 "Release card"), from the page's 6 s fleet query. */
function ReleaseCard({ fleet }: { fleet: FleetWithSettings }) {
  const { t } = useTranslation('fleets');
  const targeting = releaseTargeting(fleet);
  const release = targeting.kind === 'none' ? null : targeting.release;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('summary.release')}
        </Typography>
        {release ? (
          <InfoList
            items={[
              { label: t('summary.releaseVersion'), value: release.raw_version },
              { label: t('summary.releaseCommit'), value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{shortCommit(release.commit)}</Box> },
              { label: t('summary.releaseTargeting'), value: t(`summary.targeting.${targeting.kind}`) },
            ]}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t(targeting.kind === 'none' ? 'summary.noTarget' : 'summary.noRelease')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
