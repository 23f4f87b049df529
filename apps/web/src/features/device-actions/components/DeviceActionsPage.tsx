import '../device-actions-catalog.ts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ForbiddenState } from '../../../components/states/ForbiddenState.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { DevicePageFrame } from '../../devices/components/DevicePageFrame.tsx';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { actionDocsUrl, PAGE_ACTIONS } from '../device-action-rules.ts';
import { useDeviceActionAvailability } from '../hooks/use-device-action-availability.ts';
import { useDeviceActionFlow } from '../hooks/use-device-action-flow.tsx';
import { DeviceActionSection } from './DeviceActionSection.tsx';
import { RolesPending } from '../../../components/states/RolesPending.tsx';

const route = getRouteApi('/_app/devices/$uuid/actions');

/**
 * /devices/$uuid/actions (fleets spec §2 "Device action pages"): one section per action (identify,
 * restart, then the dangerous purge, reboot and shutdown), each run through the same flow as the
 * summary's Actions menu. The device is read through QueryState: loading, error with Retry, forbidden.
 */
export function DeviceActionsPage() {
  const { t } = useTranslation('deviceActions');
  const { uuid } = route.useParams();
  return (
    <DevicePageFrame uuid={uuid} title={t('page.title')} pageTitle={(name) => t('page.pageTitle', { name })} what={t('page.what')} notFound={t('page.notFound')}>
      {(device) => <DeviceActionSections device={device} />}
    </DevicePageFrame>
  );
}

function DeviceActionSections({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceActions');
  const { availability, failure } = useDeviceActionAvailability(device);
  const { data: docsBase } = useQuery({ ...clientConfigQuery, select: (config) => config.headerLinks.docs });
  const flow = useDeviceActionFlow({
    id: device.id,
    uuid: device.uuid,
    name: device.device_name,
    fleetId: device.belongs_to__application[0]?.id ?? 0,
  });
  // Said once for the page, besides each button's reason (fleets spec §6 "Device actions").
  const isForbidden = availability !== null && PAGE_ACTIONS.every((action) => {
    const state = availability[action];
    return !state.isAvailable && state.reason === 'noPermission';
  });
  return (
    <>
      {isForbidden && <ForbiddenState message={t('page.forbidden')} />}
      {failure && (
        <Box sx={{ mb: 2 }}>
          <RolesPending state={{ failure }} />
        </Box>
      )}
      <Typography variant="body1" sx={{ mt: isForbidden ? 2 : 0, mb: 2, overflowWrap: 'anywhere' }}>
        {t('page.intro')}{' '}
        <Link component={RouterLink} to={`/devices/${device.uuid}/summary`}>
          {device.device_name}
        </Link>
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {PAGE_ACTIONS.map((action) => (
          <DeviceActionSection
            key={action}
            action={action}
            availability={availability?.[action] ?? null}
            docsUrl={actionDocsUrl(docsBase)}
            isRunning={flow.runningAction === action}
            onRun={() => flow.request(action)}
          />
        ))}
      </Box>
      {flow.dialog}
    </>
  );
}
