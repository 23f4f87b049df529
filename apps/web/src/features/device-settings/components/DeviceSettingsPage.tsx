import '../../device-actions/device-actions-catalog.ts';
import '../device-settings-catalog.ts';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rolesHavePermission } from '@flotilla/core/roles';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { useRolesState } from '../../../lib/permissions.ts';
import { DeviceOsUpdateSection } from '../../device-os-update/components/DeviceOsUpdateSection.tsx';
import { DeviceSupervisorUpdateSection } from '../../device-os-update/components/DeviceSupervisorUpdateSection.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { DevicePageFrame } from '../../devices/components/DevicePageFrame.tsx';
import { deviceScope } from '../hooks/use-device-permission.ts';
import { useSectionFocus } from '../hooks/use-section-focus.ts';
import { SECTION_PERMISSION, SETTINGS_SECTION, type SettingsSectionId } from '../section-ids.ts';
import { DeactivateSection } from './DeactivateSection.tsx';
import { DeleteSection } from './DeleteSection.tsx';
import { LocalModeSection } from './LocalModeSection.tsx';
import { MoveSection } from './MoveSection.tsx';
import { NotesSection } from './NotesSection.tsx';
import { PublicUrlSection } from './PublicUrlSection.tsx';
import { ReleaseSection } from './ReleaseSection.tsx';
import { RenameSection } from './RenameSection.tsx';
import { SupportAccessSection } from './SupportAccessSection.tsx';

const route = getRouteApi('/_app/devices/$uuid/settings');

/**
 * /devices/$uuid/settings (fleets spec §2 "Device action pages": rename, notes, pin release,
 * public URL, local mode, support, move to fleet, OS update, supervisor update, deactivate, and
 * delete as dangerous). Each section is its own component taking the device; each shows its
 * controls disabled with the reason when §5 or the §6 permission says no.
 */
export function DeviceSettingsPage() {
  const { t } = useTranslation('deviceSettings');
  const { uuid } = route.useParams();
  return (
    <DevicePageFrame uuid={uuid} title={t('title')} pageTitle={(name) => t('pageTitle', { name })} what={t('what')} notFound={t('notFound')} maxWidth={880}>
      {(device) => <DeviceSettings device={device} />}
    </DevicePageFrame>
  );
}

/** The sections in the page's order, one line each. */
function sections(device: DeviceDetail): Array<{ id: SettingsSectionId; element: ReactNode }> {
  return [
    { id: SETTINGS_SECTION.rename, element: <RenameSection device={device} /> },
    { id: SETTINGS_SECTION.notes, element: <NotesSection device={device} /> },
    { id: SETTINGS_SECTION.release, element: <ReleaseSection device={device} /> },
    { id: SETTINGS_SECTION.publicUrl, element: <PublicUrlSection device={device} /> },
    { id: SETTINGS_SECTION.localMode, element: <LocalModeSection device={device} /> },
    { id: SETTINGS_SECTION.supportAccess, element: <SupportAccessSection device={device} /> },
    { id: SETTINGS_SECTION.move, element: <MoveSection device={device} /> },
    { id: SETTINGS_SECTION.osUpdate, element: <DeviceOsUpdateSection device={device} /> },
    { id: SETTINGS_SECTION.supervisorUpdate, element: <DeviceSupervisorUpdateSection device={device} /> },
    { id: SETTINGS_SECTION.deactivate, element: <DeactivateSection device={device} /> },
    { id: SETTINGS_SECTION.delete, element: <DeleteSection device={device} /> },
  ];
}

function DeviceSettings({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  // The sections wait for the user's roles, so none flashes "no permission" while they load.
  const rolesState = useRolesState(deviceScope(device));
  const { roles } = rolesState;
  useSectionFocus(roles !== null);
  if (roles === null) return <RolesPending state={rolesState} />;
  const list = sections(device);
  const isReadOnly = list.every(({ id }) => !rolesHavePermission(roles, SECTION_PERMISSION[id]));
  return (
    <Stack spacing={2}>
      {isReadOnly && <Alert severity="info">{t('readOnly')}</Alert>}
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
        {t('intro')}{' '}
        <Link component={RouterLink} to={`/devices/${device.uuid}/summary`}>
          {device.device_name}
        </Link>
      </Typography>
      {list.map(({ id, element }) => (
        // The anchor of the summary's edit buttons; clear of the sticky header when scrolled to.
        <Box key={id} id={id} sx={{ scrollMarginTop: 80 }}>
          {element}
        </Box>
      ))}
    </Stack>
  );
}
