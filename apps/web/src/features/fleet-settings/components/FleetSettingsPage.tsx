import '../fleet-settings-catalog.ts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isObserverOnly, rolesHavePermission } from '@flotilla/core/roles';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { useRolesState } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetSettingsQuery, type FleetSettings } from '../api/fleet-settings.queries.ts';
import { ApplicationTypeSection } from './ApplicationTypeSection.tsx';
import { DangerZone } from './DangerZone.tsx';
import { DeviceTypeSection } from './DeviceTypeSection.tsx';
import { FleetPublicitySettings } from './FleetPublicitySettings.tsx';
import { ReleaseTargetSection } from './ReleaseTargetSection.tsx';
import { RenameSection } from './RenameSection.tsx';
import { SupportAccessBanner } from './SupportAccessBanner.tsx';
import { SupportAccessSection } from './SupportAccessSection.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId');

/**
 * /fleets|apps|blocks/$id/settings (fleets spec §2 "Fleet settings"): rename, support access,
 * release targeting, repository URL and public flag, application type, default device type;
 * danger zone: remove own access, transfer ownership, delete. Each control follows the
 * permissions of §6 "Permissions checked by screens". Observer-only users have no settings: the
 * page is permission-less for them and redirects to / (§2 "Routing rules").
 */
export function FleetSettingsPage() {
  const { t } = useTranslation('fleetSettings');
  const { fleetId, applicationClass } = route.useRouteContext();
  const fleet = useQuery(fleetSettingsQuery(fleetId));
  usePageTitle(fleet.data ? t('pageTitle', { name: fleet.data.app_name }) : null);
  // The fleet vanished (deleted or transferred out of sight elsewhere): the fleet list.
  if (fleet.data === null) return <Navigate to="/$fleetClass" params={{ fleetClass: 'fleets' }} replace />;
  // The heading comes from the route (the class), so the page has its h1 while it loads or fails.
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t(`heading.${applicationClass}`)}
      </Typography>
      <QueryState query={fleet} what={t('loadingWhat')}>
        {(data) => (data ? <FleetSettingsContent fleet={data} /> : null)}
      </QueryState>
    </Box>
  );
}

function FleetSettingsContent({ fleet }: { fleet: FleetSettings }) {
  const { data: actor } = useQuery(whoamiQuery);
  const organizationId = fleet.organization[0]?.id;
  const rolesState = useRolesState({ fleetId: fleet.id, organizationId });
  const { roles } = rolesState;
  // Moving a fleet out of its organization takes an organization role there (the API's rule on
  // application.organization): a fleet administrator's own role does not count.
  const organizationRoles = useRolesState({ organizationId }).roles;
  if (roles === null || !actor) return <RolesPending state={rolesState} />;
  if (isObserverOnly(roles)) return <Navigate to="/" replace />;
  const can = (permission: string) => rolesHavePermission(roles, permission);
  const canUpdate = can('resin.application.update');

  return (
    <Stack spacing={2}>
      <SupportAccessBanner until={fleet.is_accessible_by_support_until__date} applicationClass={fleet.is_of__class} />
      <RenameSection fleet={fleet} canUpdate={canUpdate} />
      <SupportAccessSection fleet={fleet} canUpdate={canUpdate} />
      <ReleaseTargetSection fleet={fleet} canUpdate={canUpdate} />
      <FleetPublicitySettings fleet={fleet} />
      <ApplicationTypeSection fleet={fleet} canChangeType={can('resin.application.change-type')} />
      <DeviceTypeSection fleet={fleet} canUpdate={canUpdate} />
      <DangerZone
        fleet={fleet}
        userId={actor.actorTypeId}
        permissions={{ canTransfer: organizationRoles !== null && rolesHavePermission(organizationRoles, 'resin.application.transfer'), canDelete: can('resin.application.delete') }}
      />
    </Stack>
  );
}
