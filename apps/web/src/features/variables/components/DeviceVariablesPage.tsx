import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rolesHavePermission } from '@flotilla/core/roles';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { useRolesState } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { DevicePageFrame } from '../../devices/components/DevicePageFrame.tsx';
import { deviceReleaseStateQuery } from '../api/not-applied.queries.ts';
import { deviceVariablesQuery } from '../api/variables.queries.ts';
import { outdatedServices } from '../not-applied.ts';
import { VariablesEditor } from './VariablesEditor.tsx';

const route = getRouteApi('/_app/devices/$uuid/envvars');

/**
 * /devices/$uuid/envvars (fleets spec §2 device pages): the device's variables, for all its
 * services or one, each beside the fleet value it overrides. Changing them needs
 * resin.device_environment_variable.all and resin.device_service_environment_variable.all
 * (§6: limited operator and up); observers read only.
 */
export function DeviceVariablesPage() {
  const { t } = useTranslation('variables');
  const { uuid } = route.useParams();
  return (
    <DevicePageFrame uuid={uuid} title={t('title')} pageTitle={(name) => t('devicePageTitle', { name })} what={t('deviceWhat')} notFound={t('deviceNotFound')} maxWidth={1100}>
      {(device) => <DeviceVariables device={device} />}
    </DevicePageFrame>
  );
}

function DeviceVariables({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('variables');
  const fleet = device.belongs_to__application[0];
  const variables = useQuery(deviceVariablesQuery(device.id, fleet?.id ?? null));
  // The §8 "Not applied" warning is extra: while it loads or if it fails, the table shows without it.
  const releaseState = useQuery(deviceReleaseStateQuery(device.id)).data;
  const rolesState = useRolesState({ fleetId: fleet?.id, organizationId: fleet?.organization?.__id });
  const { roles } = rolesState;
  const can = (permission: string) => roles !== null && rolesHavePermission(roles, permission);
  return (
    <QueryState query={variables} what={t('deviceWhat')} loadingRows={4}>
      {(data) =>
        roles === null ? (
          <RolesPending state={rolesState} rows={4} />
        ) : (
          <VariablesEditor
            level="device"
            services={data.services}
            saved={data.saved}
            inherited={data.fleetSaved}
            owner={{ level: 'device', deviceId: device.id, installByService: data.installByService }}
            canEdit={can('resin.device_environment_variable.all') && can('resin.device_service_environment_variable.all')}
            readOnlyReason={t('readOnlyDevice')}
            refetch={variables.refetch}
            outdatedServiceIds={releaseState ? outdatedServices(releaseState, data.services.map((s) => s.id)) : undefined}
          />
        )
      }
    </QueryState>
  );
}
