import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
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
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { useConfigWrite, type ConfigWrite } from '../api/configuration.mutations.ts';
import { configSchemaQuery, fleetConfigQuery, fleetDeviceOverridesQuery, type DeviceOverrideRow } from '../api/configuration.queries.ts';
import { customVariables, defaultValueOf, overridesByName, toggledValue, valueKindOf, type ConfigSchema, type ConfigSchemaProperty, type ConfigVariable } from '../config-values.ts';
import { allQueries } from './all-queries.ts';
import { ConfigTableCard, EmptyRow, NameCell, RebootChip } from './ConfigTableCard.tsx';
import { ConfigToggle } from './ConfigToggle.tsx';
import { ConfigValue } from './ConfigValue.tsx';
import { ConfigVariableDialog } from './ConfigVariableDialog.tsx';
import { OverridesDialog } from './OverridesDialog.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/config');

/** Permission to create, set and delete fleet configuration variables (fleets spec §6: developer and administrator). */
const FLEET_CONFIG_PERMISSION = 'resin.application_config_variable.all';

/**
 * /fleets/$fleetId/config (fleets spec §2 "Fleet configuration page"): the fleet configuration
 * table (every variable of the fleet's device type's schema, with its description, default and
 * the fleet's value, to set, edit or reset), the custom configuration table (namespaced names
 * the schema does not know, added with the §5 name rule), the device configuration table (which
 * devices override which values) and the overrides dialog of one variable.
 */
export function FleetConfigurationPage() {
  const { t } = useTranslation('configuration');
  const { fleetId } = route.useRouteContext();
  const fleet = useQuery(fleetQuery(fleetId));
  usePageTitle(fleet.data ? t('fleetPageTitle', { name: fleet.data.app_name }) : null);
  return (
    <Box sx={{ minWidth: 0, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('fleetIntro')}
      </Typography>
      <QueryState query={fleet} what={t('what')}>
        {(data) =>
          data && <FleetConfiguration fleetId={fleetId} deviceType={data.is_for__device_type[0]?.slug ?? ''} scope={{ fleetId, organizationId: data.organization[0]?.id }} />
        }
      </QueryState>
    </Box>
  );
}

type Editing = { name: string | null; property: ConfigSchemaProperty | undefined; variable: ConfigVariable | null };

function FleetConfiguration({ fleetId, deviceType, scope }: { fleetId: number; deviceType: string; scope: { fleetId: number; organizationId?: number } }) {
  const { t } = useTranslation('configuration');
  const rolesState = useRolesState(scope);
  const { roles } = rolesState;
  const schema = useQuery(configSchemaQuery(deviceType));
  const variables = useQuery(fleetConfigQuery(fleetId));
  const overrides = useQuery(fleetDeviceOverridesQuery(fleetId));
  const all = allQueries<[ConfigSchema, ConfigVariable[], DeviceOverrideRow[]]>([schema, variables, overrides]);
  const owner = { kind: 'fleet', id: fleetId } as const;
  const toggle = useConfigWrite(owner, { silent: false });
  const dialogWrite = useConfigWrite(owner);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [resetting, setResetting] = useState<{ variable: ConfigVariable; property: ConfigSchemaProperty | undefined } | null>(null);
  const [overridesOf, setOverridesOf] = useState<string | null>(null);

  if (roles === null) return <RolesPending state={rolesState} />;
  const canEdit = rolesHavePermission(roles, FLEET_CONFIG_PERMISSION);
  const reason = canEdit ? null : t('readOnlyFleet');

  const applied = (change: ConfigWrite, name: string) => () =>
    notifySuccess(change.kind === 'remove' ? t('resetDone', { name }) : t('saved', { name, value: change.kind === 'set' ? change.value : '' }));
  const closeDialog = () => {
    dialogWrite.reset();
    setEditing(null);
    setResetting(null);
  };

  return (
    <QueryState query={all} what={t('what')} loadingRows={6}>
      {([configSchema, fleetVariables, deviceOverrides]) => {
        const properties = configSchema.properties ?? {};
        const byName = new Map(fleetVariables.map((v) => [v.name, v]));
        const overridesOfName = overridesByName(deviceOverrides);
        const custom = customVariables(fleetVariables, configSchema);
        const rebootNote = (property: ConfigSchemaProperty | undefined) => (property?.will_reboot ? t('willRebootFleetNote') : null);

        /** The value cell and the actions of one fleet variable (schema or custom). */
        const valueCells = (name: string, property: ConfigSchemaProperty | undefined, variable: ConfigVariable | undefined) => {
          const current = variable?.value ?? null;
          const shown = current ?? defaultValueOf(property);
          const isToggle = valueKindOf(property, shown) === 'boolean';
          const count = overridesOfName.get(name)?.length ?? 0;
          const isBusy = toggle.isPending && toggle.variables.kind === 'set' && toggle.variables.name === name;
          return (
            <>
              <TableCell sx={{ minWidth: 140 }}>
                {isToggle ? (
                  <ConfigToggle
                    name={name}
                    isOn={isTruthyVariableValue(shown)}
                    isDisabled={!canEdit}
                    busy={isBusy}
                    rebootNote={rebootNote(property)}
                    onChange={(isOn) => {
                      const change: ConfigWrite = { kind: 'set', name, value: toggledValue(current, isOn), existingId: variable?.id ?? null };
                      toggle.mutate(change, { onSuccess: applied(change, name) });
                    }}
                  />
                ) : (
                  <ConfigValue name={name} value={current} fallback={property ? t('usesDefault') : undefined} />
                )}
              </TableCell>
              <TableCell>
                {count > 0 && (
                  // Named by its visible words and the variable (WCAG 2.5.3): "1 device override of NAME".
                  <Button size="small" aria-label={t('overrides.buttonLabel', { count, name })} onClick={() => setOverridesOf(name)}>
                    {t('overrides.button', { count })}
                  </Button>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {!isToggle && (
                  <Button size="small" disabled={!canEdit} aria-label={t(variable ? 'edit' : 'set', { name })} onClick={() => setEditing({ name, property, variable: variable ?? null })}>
                    {variable ? t('editButton') : t('setButton')}
                  </Button>
                )}
                {variable && (
                  <Button size="small" color={property ? 'primary' : 'error'} disabled={!canEdit} aria-label={property ? t('reset', { name }) : t('custom.removeTitle', { name })} onClick={() => setResetting({ variable, property })}>
                    {property ? t('resetButton') : t('custom.removeSubmit')}
                  </Button>
                )}
              </TableCell>
            </>
          );
        };

        const addButton = (
          <Button variant="outlined" startIcon={<AddIcon />} disabled={!canEdit} onClick={() => setEditing({ name: null, property: undefined, variable: null })}>
            {t('custom.add')}
          </Button>
        );

        return (
          <Stack spacing={2}>
            <ConfigTableCard
              title={t('fleet.title')}
              intro={t('fleet.intro')}
              reason={reason}
              tableLabel={t('fleet.tableLabel')}
              columns={[t('columns.name'), t('columns.description'), t('columns.default'), t('columns.value'), t('columns.overrides'), t('columns.actions')]}
              minWidth={960}
            >
              {Object.keys(properties).length === 0 && <EmptyRow columns={6} text={t('fleet.empty')} />}
              {Object.entries(properties).map(([name, property]) => (
                <TableRow key={name}>
                  <NameCell name={name} title={property.title} badge={property.will_reboot && <RebootChip />} />
                  <TableCell sx={{ minWidth: 220, maxWidth: 320, color: 'text.secondary' }}>{property.description}</TableCell>
                  <TableCell sx={{ minWidth: 100 }}>
                    <ConfigValue name={name} value={defaultValueOf(property)} fallback="—" />
                  </TableCell>
                  {valueCells(name, property, byName.get(name))}
                </TableRow>
              ))}
            </ConfigTableCard>

            <ConfigTableCard
              title={t('custom.title')}
              intro={t('custom.intro')}
              reason={reason}
              action={addButton}
              tableLabel={t('custom.tableLabel')}
              columns={[t('columns.name'), t('columns.value'), t('columns.overrides'), t('columns.actions')]}
              minWidth={640}
            >
              {custom.length === 0 && <EmptyRow columns={4} text={t('custom.empty')} />}
              {custom.map((variable) => (
                <TableRow key={variable.id}>
                  <NameCell name={variable.name} />
                  {valueCells(variable.name, undefined, variable)}
                </TableRow>
              ))}
            </ConfigTableCard>

            <ConfigTableCard
              title={t('devices.title')}
              intro={t('devices.intro')}
              tableLabel={t('devices.tableLabel')}
              columns={[t('columns.device'), t('columns.name'), t('columns.deviceValue'), t('columns.fleetValue')]}
              minWidth={640}
            >
              {deviceOverrides.length === 0 && <EmptyRow columns={4} text={t('devices.empty')} />}
              {deviceOverrides.map((override) => (
                <TableRow key={override.id}>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Link component={RouterLink} to={`/devices/${override.device.uuid}/config`}>
                      {override.device.device_name}
                    </Link>
                  </TableCell>
                  <NameCell name={override.name} />
                  <TableCell>
                    <ConfigValue name={override.name} value={override.value} />
                  </TableCell>
                  <TableCell>
                    <ConfigValue name={override.name} value={byName.get(override.name)?.value ?? null} fallback={defaultValueOf(properties[override.name]) ?? undefined} />
                  </TableCell>
                </TableRow>
              ))}
            </ConfigTableCard>

            {editing && (
              <ConfigVariableDialog
                title={editing.name === null ? t('custom.addTitle') : t('editTitle', { name: editing.name })}
                name={editing.name}
                existingNames={fleetVariables.map((v) => v.name)}
                builtInNames={Object.keys(properties)}
                property={editing.property}
                initialValue={editing.variable?.value ?? defaultValueOf(editing.property) ?? editing.property?.enum?.[0] ?? ''}
                rebootNote={rebootNote(editing.property)}
                submitLabel={editing.name === null ? t('add') : t('save')}
                busy={dialogWrite.isPending}
                error={dialogWrite.error?.message ?? null}
                onSubmit={(name, value) => {
                  const change: ConfigWrite = { kind: 'set', name, value, existingId: editing.variable?.id ?? null };
                  dialogWrite.mutate(change, {
                    onSuccess: () => {
                      applied(change, name)();
                      closeDialog();
                    },
                  });
                }}
                onClose={closeDialog}
              />
            )}
            {resetting && (
              <ConfirmDialog
                title={resetting.property ? t('resetFleetTitle', { name: resetting.variable.name }) : t('custom.removeTitle', { name: resetting.variable.name })}
                message={resetting.property ? t('resetFleetConfirm', { default: defaultValueOf(resetting.property) ?? t('notSet') }) : t('custom.removeConfirm')}
                confirmLabel={resetting.property ? t('resetSubmit') : t('custom.removeSubmit')}
                busy={dialogWrite.isPending}
                error={dialogWrite.error?.message ?? null}
                onConfirm={() => {
                  const change: ConfigWrite = { kind: 'remove', id: resetting.variable.id };
                  dialogWrite.mutate(change, {
                    onSuccess: () => {
                      applied(change, resetting.variable.name)();
                      closeDialog();
                    },
                  });
                }}
                onClose={closeDialog}
              />
            )}
            {overridesOf !== null && (
              <OverridesDialog
                name={overridesOf}
                fleetValue={byName.get(overridesOf)?.value ?? defaultValueOf(properties[overridesOf])}
                overrides={overridesOfName.get(overridesOf) ?? []}
                onClose={() => setOverridesOf(null)}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
