import '../device-settings-catalog.ts';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import type { SettingsSectionId } from '../section-ids.ts';

/** The summary card's edit buttons and what each says (fleets spec §2 Device summary). */
const LABEL_KEY = {
  move: 'edit.move',
  'os-update': 'edit.osVersion',
  'supervisor-update': 'edit.supervisorVersion',
  release: 'edit.pinRelease',
  'support-access': 'edit.supportAccess',
  deactivate: 'edit.deactivate',
} as const satisfies Partial<Record<SettingsSectionId, string>>;
export type EditableSection = keyof typeof LABEL_KEY;

/**
 * A labelled edit icon beside a summary value, linking to its section of the settings page
 * (`/devices/$uuid/settings#<section>`, which scrolls to it and focuses its heading). Shown only
 * to users holding the section's permission.
 */
export function SettingsEditLink({ device, section }: { device: DeviceDetail; section: EditableSection }) {
  const { t } = useTranslation('deviceSettings');
  const canEdit = useCanSection(device, section);
  if (!canEdit) return null;
  const label = t(LABEL_KEY[section]);
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={`/devices/${device.uuid}/settings`} hash={section} aria-label={label} size="small" sx={{ ml: 0.5, my: -0.5 }}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
