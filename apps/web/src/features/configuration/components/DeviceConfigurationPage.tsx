import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rolesHavePermission } from '@flotilla/core/roles';
import { isTruthyVariableValue } from '@flotilla/core/variable-names';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRolesState } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { DevicePageFrame } from '../../devices/components/DevicePageFrame.tsx';
import { useConfigWrite, type ConfigWrite } from '../api/configuration.mutations.ts';
import { configSchemaQuery, deviceConfigQuery, fleetConfigQuery } from '../api/configuration.queries.ts';
import { deviceConfigRows, effectiveValue, toggledValue, valueKindOf, type ConfigSchema, type ConfigVariable, type DeviceConfigRow } from '../config-values.ts';
import { allQueries } from './all-queries.ts';
import { ConfigTableCard, NameCell, RebootChip } from './ConfigTableCard.tsx';
import { ConfigToggle } from './ConfigToggle.tsx';
import { ConfigValue } from './ConfigValue.tsx';
import { ConfigVariableDialog } from './ConfigVariableDialog.tsx';

const route = getRouteApi('/_app/devices/$uuid/config');

/** fleets spec §6 entity tables: operator, safe-developer, developer, administrator set; safe-operator may also delete. */
const SET_PERMISSION = 'resin.device_config_variable.all';
const DELETE_PERMISSION = 'resin.device_config_variable.delete';

/**
 * /devices/$uuid/config (fleets spec §2 Route table, §3 "Device configuration variable": name or
 * description, value, appValue, will_reboot): every configuration variable with the device's own
 * value beside the fleet's it inherits (or the default), to override or reset.
 */
export function DeviceConfigurationPage() {
  const { t } = useTranslation('configuration');
  const { uuid } = route.useParams();
  return (
    <DevicePageFrame uuid={uuid} title={t('title')} pageTitle={(name) => t('devicePageTitle', { name })} what={t('deviceWhat')} notFound={t('notFound')} maxWidth={1200}>
      {(device) => <DeviceConfiguration device={device} />}
    </DevicePageFrame>
  );
}

function DeviceConfiguration({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('configuration');
  const fleet = device.belongs_to__application[0];
  const rolesState = useRolesState({ fleetId: fleet?.id, organizationId: fleet?.organization?.__id });
  const { roles } = rolesState;
  const schema = useQuery(configSchemaQuery(device.is_of__device_type[0]?.slug ?? ''));
  const fleetVariables = useQuery({ ...fleetConfigQuery(fleet?.id ?? 0), enabled: fleet !== undefined });
  const deviceVariables = useQuery(deviceConfigQuery(device.id));
  const all = allQueries<[ConfigSchema, ConfigVariable[], ConfigVariable[]]>([schema, fleet ? fleetVariables : { data: [], error: null, refetch: fleetVariables.refetch }, deviceVariables]);
  const owner = { kind: 'device', id: device.id } as const;
  const toggle = useConfigWrite(owner, { silent: false });
  const dialogWrite = useConfigWrite(owner);
  const [editing, setEditing] = useState<DeviceConfigRow | null>(null);
  const [resetting, setResetting] = useState<DeviceConfigRow | null>(null);

  if (roles === null) return <RolesPending state={rolesState} />;
  const canSet = rolesHavePermission(roles, SET_PERMISSION);
  const canDelete = rolesHavePermission(roles, DELETE_PERMISSION);
  const reason = canSet ? null : canDelete ? t('resetOnlyDevice') : t('readOnlyDevice');
  const closeDialog = () => {
    dialogWrite.reset();
    setEditing(null);
    setResetting(null);
  };
  const run = (change: ConfigWrite, name: string, after?: () => void) => ({
    onSuccess: () => {
      notifySuccess(change.kind === 'remove' ? t('resetDone', { name }) : t('saved', { name, value: change.value }));
      after?.();
    },
  });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('deviceIntro')}{' '}
        <Link component={RouterLink} to={`/devices/${device.uuid}/summary`}>
          {device.device_name}
        </Link>
      </Typography>
      <QueryState query={all} what={t('what')} loadingRows={6}>
        {([configSchema, fleetRows, deviceRows]) => {
          const rows = deviceConfigRows(configSchema, fleetRows, deviceRows);
          return (
            <ConfigTableCard
              title={t('deviceTable.title')}
              intro={fleet ? <Link component={RouterLink} to={`/fleets/${fleet.id}/config`}>{t('fleet.title')}</Link> : null}
              reason={reason}
              tableLabel={t('deviceTable.tableLabel')}
              columns={[t('columns.name'), t('columns.description'), t('columns.deviceValue'), t('columns.fleetValue'), t('columns.actions')]}
              minWidth={960}
            >
              {rows.map((row) => {
                const inherited = row.fleetValue ?? row.defaultValue;
                const effective = effectiveValue(row.deviceVariable?.value, row.fleetValue, row.defaultValue);
                const isToggle = valueKindOf(row.property, effective.value) === 'boolean';
                const isBusy = toggle.isPending && toggle.variables.kind === 'set' && toggle.variables.name === row.name;
                return (
                  <TableRow key={row.name}>
                    <NameCell name={row.name} title={row.property?.title} badge={row.property?.will_reboot && <RebootChip />} />
                    <TableCell sx={{ minWidth: 200, maxWidth: 300, color: 'text.secondary' }}>{row.property?.description}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      {isToggle ? (
                        <Box>
                          <ConfigToggle
                            name={row.name}
                            isOn={isTruthyVariableValue(effective.value)}
                            isDisabled={!canSet}
                            busy={isBusy}
                            rebootNote={row.property?.will_reboot ? t('willRebootNote') : null}
                            onChange={(isOn) => {
                              const change: ConfigWrite = { kind: 'set', name: row.name, value: toggledValue(row.deviceVariable?.value ?? row.fleetValue, isOn), existingId: row.deviceVariable?.id ?? null };
                              toggle.mutate(change, run(change, row.name));
                            }}
                          />
                          {!row.deviceVariable && (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {t('inherited')}
                            </Typography>
                          )}
                        </Box>
                      ) : (
                        <ConfigValue name={row.name} value={row.deviceVariable?.value ?? null} fallback={t('inherited')} />
                      )}
                    </TableCell>
                    <TableCell sx={{ minWidth: 120 }}>
                      <ConfigValue name={row.name} value={inherited} />
                      {row.fleetValue === null && row.defaultValue !== null && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('usesDefault')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {!isToggle && (
                        // The name starts with the button's words (WCAG 2.5.3): "Edit" once the device has its own value.
                        <Button size="small" disabled={!canSet} aria-label={t(row.deviceVariable ? 'edit' : 'override', { name: row.name })} onClick={() => setEditing(row)}>
                          {row.deviceVariable ? t('editButton') : t('overrideButton')}
                        </Button>
                      )}
                      {row.deviceVariable && (
                        <Button size="small" disabled={!canDelete} aria-label={t('reset', { name: row.name })} onClick={() => setResetting(row)}>
                          {t('resetButton')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </ConfigTableCard>
          );
        }}
      </QueryState>
      {editing && (
        <ConfigVariableDialog
          title={t('overrideTitle', { name: editing.name })}
          name={editing.name}
          property={editing.property}
          initialValue={editing.deviceVariable?.value ?? editing.fleetValue ?? editing.defaultValue ?? editing.property?.enum?.[0] ?? ''}
          rebootNote={editing.property?.will_reboot ? t('willRebootNote') : null}
          submitLabel={t('save')}
          busy={dialogWrite.isPending}
          error={dialogWrite.error?.message ?? null}
          onSubmit={(name, value) => {
            const change: ConfigWrite = { kind: 'set', name, value, existingId: editing.deviceVariable?.id ?? null };
            dialogWrite.mutate(change, run(change, name, closeDialog));
          }}
          onClose={closeDialog}
        />
      )}
      {resetting?.deviceVariable && (
        <ConfirmDialog
          title={t('resetDeviceTitle', { name: resetting.name })}
          message={t('resetDeviceConfirm', { fleetValue: resetting.fleetValue ?? resetting.defaultValue ?? t('notSet') })}
          confirmLabel={t('resetSubmit')}
          busy={dialogWrite.isPending}
          error={dialogWrite.error?.message ?? null}
          onConfirm={() => {
            const change: ConfigWrite = { kind: 'remove', id: resetting.deviceVariable!.id };
            dialogWrite.mutate(change, run(change, resetting.name, closeDialog));
          }}
          onClose={closeDialog}
        />
      )}
    </Stack>
  );
}
