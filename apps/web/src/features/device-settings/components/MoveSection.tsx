import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { moveTargets, moveWarnings, type MoveCandidate, type MoveWarning } from '@flotilla/core/device-move';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useMoveDevice } from '../api/device-settings.mutations.ts';
import { deviceSettingsQuery, moveCandidatesQuery } from '../api/device-settings.queries.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/** How each move warning shows (fleets spec §5 "Move": a warning for the data folder, a danger warning for the pin). */
const WARNING_SEVERITY: Record<MoveWarning, 'warning' | 'error'> = { dataFolderNotCarried: 'warning', pinLost: 'error' };

/**
 * Move to another fleet (fleets spec §5 "Move", §6 resin.device.move; §8 warnings). The fleets
 * offered and the warnings come from packages/core device-move.ts; the roles are the ones the
 * permissions layer reads (organization role, fleet membership, team grants). Afterwards the
 * user goes to the new fleet (§2 Routing rules).
 */
export function MoveSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canMove = useCanSection(device, 'move');
  return (
    <SettingsSection title={t('move.title')} intro={t('move.intro')} reason={canMove ? null : t('noPermission')}>
      {canMove && <MoveTargets device={device} />}
    </SettingsSection>
  );
}

function MoveTargets({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const orgRoles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const organizationIds = orgRoles.data ? [...orgRoles.data.keys()].sort((a, b) => a - b) : [];
  const candidates = useQuery({ ...moveCandidatesQuery(userId, organizationIds), enabled: orgRoles.data !== undefined });
  const extra = useQuery(deviceSettingsQuery(device.uuid));
  return (
    <QueryState query={orgRoles} what={t('move.what')}>
      {(roles) => (
        <QueryState query={candidates} what={t('move.what')}>
          {(fleets) => (
            <QueryState query={extra} what={t('what')}>
              {(settings) => {
                const fleetId = device.belongs_to__application[0]?.id ?? null;
                const { targets, problem } = moveTargets({ fleetId, cpuArchitecture: settings?.cpuArchitecture ?? null }, fleets, roles);
                if (problem) return <Alert severity="warning">{t(`move.${problem}`)}</Alert>;
                const warnings = moveWarnings({ osVersion: device.os_version, isPinned: Boolean(settings?.pinnedRelease) });
                return <MoveForm device={device} targets={targets} warnings={warnings} />;
              }}
            </QueryState>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

function MoveForm({ device, targets, warnings }: { device: DeviceDetail; targets: MoveCandidate[]; warnings: MoveWarning[] }) {
  const { t } = useTranslation('deviceSettings');
  const navigate = useNavigate();
  const from = device.belongs_to__application[0];
  const mutation = useMoveDevice({ id: device.id, fleetId: from?.id ?? null });
  const [targetId, setTargetId] = useState<number | ''>('');
  const [isOpen, setIsOpen] = useState(false);
  const target = targets.find((f) => f.id === targetId);
  const warningAlerts = warnings.map((warning) => (
    <Alert key={warning} severity={WARNING_SEVERITY[warning]}>
      {t(`move.warnings.${warning}`)}
    </Alert>
  ));
  return (
    <Stack spacing={1}>
      {warningAlerts}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <TextField select size="small" label={t('move.target')} value={targetId} onChange={(event) => setTargetId(Number(event.target.value))} sx={{ minWidth: { sm: 320 } }}>
          {targets.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!target} onClick={() => setIsOpen(true)} sx={{ flexShrink: 0, mt: { sm: '2px' } }}>
          {t('move.button')}
        </Button>
      </Stack>
      {isOpen && target && (
        <MutationConfirmDialog
          title={t('move.confirmTitle', { name: device.device_name, fleet: target.name })}
          message={
            <Stack spacing={1}>
              {warningAlerts}
              <span>{t('move.confirmMessage', { from: from?.app_name ?? '', fleet: target.name })}</span>
            </Stack>
          }
          confirmLabel={t('move.button')}
          confirmColor={warnings.includes('pinLost') ? 'error' : 'primary'}
          mutation={mutation}
          run={() => mutation.mutateAsync(target.id)}
          success={t('move.success', { name: device.device_name, fleet: target.name })}
          onDone={() => void navigate({ to: '/$fleetClass/$fleetId', params: { fleetClass: 'fleets', fleetId: String(target.id) } })}
          onClose={() => setIsOpen(false)}
        />
      )}
    </Stack>
  );
}
