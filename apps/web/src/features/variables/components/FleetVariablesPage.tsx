import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rolesHavePermission } from '@flotilla/core/roles';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { useRolesState } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetVariablesQuery } from '../api/variables.queries.ts';
import { VariablesEditor } from './VariablesEditor.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/envvars');

/**
 * /fleets/$fleetId/envvars (fleets spec §2 "Fleet variables tab"): the fleet's variables, for all
 * services or one, edited in stages. Every reader sees them; changing them needs
 * resin.application_environment_variable.all and resin.service_environment_variable.all
 * (§6: limited developer and up), otherwise the table is read-only and says why.
 */
export function FleetVariablesPage() {
  const { t } = useTranslation('variables');
  const { fleetId } = route.useRouteContext();
  const fleet = useQuery(fleetQuery(fleetId));
  const variables = useQuery(fleetVariablesQuery(fleetId));
  const rolesState = useRolesState({ fleetId, organizationId: fleet.data?.organization[0]?.id });
  const { roles } = rolesState;
  usePageTitle(fleet.data ? t('fleetPageTitle', { name: fleet.data.app_name }) : null);
  const can = (permission: string) => roles !== null && rolesHavePermission(roles, permission);
  return (
    <Box sx={{ minWidth: 0, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <QueryState query={variables} what={t('fleetWhat')} loadingRows={4}>
        {(data) =>
          roles === null ? (
            <RolesPending state={rolesState} rows={4} />
          ) : (
            <VariablesEditor
              level="fleet"
              services={data.services}
              saved={data.saved}
              owner={{ level: 'fleet', fleetId }}
              canEdit={can('resin.application_environment_variable.all') && can('resin.service_environment_variable.all')}
              readOnlyReason={t('readOnlyFleet')}
              refetch={variables.refetch}
            />
          )
        }
      </QueryState>
    </Box>
  );
}
