import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { errorToast, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { focusIfLost } from '../../../lib/focus-parking.ts';
import { variableNameRulesQuery } from '../api/name-rules.queries.ts';
import { useApplyVariables } from '../api/variables.mutations.ts';
import type { VariableService } from '../api/variables.queries.ts';
import type { VariableOwner } from '../api/variables.requests.ts';
import {
  ALL_SERVICES,
  NO_EDITS,
  editCount,
  mergeRows,
  pendingKey,
  stageDelete,
  stageValue,
  undoEdit,
  type SavedVariable,
  type Staging,
  type VariableRef,
  type VariableRow,
} from '../variable-staging.ts';
import { VariableDialog, type VariableDialogMode } from './VariableDialog.tsx';

/** A row as the table shows it: the staged row, its service's name and (on a device) the fleet value it overrides. */
interface TableRow extends VariableRow {
  serviceName: string;
  /** The fleet's value for the same name and service, on a device page; null when the fleet sets none. */
  fleetValue: string | null;
  /** A device page row the device does not set: only the fleet's value, which the device inherits. */
  isInheritedOnly: boolean;
}

const FLEET_LIST: ClientListConfig = {
  tableId: 'fleet-variables',
  fields: { name: { kind: 'text', path: 'name' }, service: { kind: 'text', path: 'serviceName' }, value: { kind: 'text', path: 'value' } },
  defaultSort: { field: 'name', direction: 'asc' },
};
const DEVICE_LIST: ClientListConfig = {
  tableId: 'device-variables',
  fields: { ...FLEET_LIST.fields, fleetValue: { kind: 'text', path: 'fleetValue' } },
  defaultSort: { field: 'name', direction: 'asc' },
};

const STATUS_COLOR = { added: 'success', changed: 'primary', deleted: 'error' } as const;

/** The message of a failed write: the API's (a duplicate is §5 fields_errors.already_exist), else the error's own. */
function useMessageOf(): (error: unknown) => string {
  const { t } = useTranslation('variables');
  return (error) => {
    if (error instanceof ApiError && error.status === 409) return t('fields_errors.already_exist');
    return errorToast(error)?.message ?? (error instanceof Error ? error.message : String(error));
  };
}

export interface VariablesEditorProps {
  level: 'fleet' | 'device';
  services: readonly VariableService[];
  /** The variables this table edits (the fleet's, or the device's overrides). */
  saved: readonly SavedVariable[];
  /** On a device page: the fleet's variables, shown beside the overrides. */
  inherited?: readonly SavedVariable[];
  owner: VariableOwner;
  /** Whether the user may change the variables (§6); when not, `readOnlyReason` says why. */
  canEdit: boolean;
  readOnlyReason: string;
  refetch: () => Promise<unknown>;
  /** On a device page: the services outdated on the device, whose variables are §8 "Not applied". */
  outdatedServiceIds?: ReadonlySet<number>;
}

/**
 * The variables table of a fleet or a device (fleets spec §2 "Fleet variables tab", §4
 * "Variable edits"): every row can be added, edited, deleted and undone, staged rather than
 * sent; a sticky bar counts the staged edits and offers Revert all (confirmed) and Apply all
 * (10 at a time; failed rows stay staged with their error). Leaving the page, in the app or by
 * closing the tab, with staged edits asks first (§8 "Unsaved changes").
 */
export function VariablesEditor({ level, services, saved, inherited = [], owner, canEdit, readOnlyReason, refetch, outdatedServiceIds }: VariablesEditorProps) {
  const { t } = useTranslation('variables');
  const rules = useQuery(variableNameRulesQuery).data;
  const messageOf = useMessageOf();
  const [staging, setStaging] = useState<Staging>(NO_EDITS);
  const [dialog, setDialog] = useState<VariableDialogMode | null>(null);
  const [isReverting, setIsReverting] = useState(false);
  const applyEdits = useApplyVariables(owner, messageOf);
  const isApplying = applyEdits.isPending;
  const barId = useId();
  const pending = editCount(staging);

  // Delete, Undo and Revert all take away the button that was pressed (a deleted row shows Undo
  // instead of Delete; an undone row Delete instead of Undo; the bar goes with the last edit).
  // Focus then moves to the row's control that took its place, or to Add variable, instead of
  // falling to the page body (CONVENTIONS: focus is never lost after a dialog or a save).
  const rootRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<string[] | null>(null);
  const stageAndFocus = (next: (current: Staging) => Staging, focusOn: string[]) => {
    focusNext.current = focusOn;
    setStaging(next);
  };
  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    const controls = [...(rootRef.current?.querySelectorAll<HTMLButtonElement>('[data-variable-action]') ?? [])];
    const target = wanted.map((name) => controls.find((el) => el.dataset.variableAction === name && !el.disabled)).find(Boolean);
    focusIfLost(target ?? addRef.current);
  }, [staging]);

  const blocker = useBlocker({ shouldBlockFn: () => pending > 0, enableBeforeUnload: () => pending > 0, withResolver: true });

  const serviceName = (serviceId: number) =>
    serviceId === ALL_SERVICES ? t('allServices') : (services.find((s) => s.id === serviceId)?.name ?? t('unknownService', { id: serviceId }));

  const staged = useMemo(() => mergeRows(level, saved, staging), [level, saved, staging]);
  const rows = useMemo<TableRow[]>(() => {
    const fleetValues = new Map(inherited.map((v) => [pendingKey(level, v), v.value]));
    const out: TableRow[] = staged.map((row) => ({ ...row, serviceName: serviceName(row.serviceId), fleetValue: fleetValues.get(row.key) ?? null, isInheritedOnly: false }));
    const own = new Set(staged.map((row) => row.key));
    for (const v of inherited) {
      const key = pendingKey(level, v);
      if (own.has(key)) continue;
      out.push({ key, name: v.name, serviceId: v.serviceId, value: '', savedValue: null, status: 'saved', error: null, serviceName: serviceName(v.serviceId), fleetValue: v.value, isInheritedOnly: true });
    }
    return out;
    // serviceName reads `services` and the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staged, inherited, level, services, t]);

  const stage = (ref: VariableRef, value: string) => setStaging((current) => stageValue(current, level, saved, ref, value));

  const apply = async () => {
    const result = await applyEdits.mutateAsync(staging);
    stageAndFocus(() => result.staging, []);
    if (result.outcome.kind === 'success') notifySuccess(t('allSuccessful'));
    else notifyError(new Error(t('someFailed', { message: result.outcome.message })));
  };

  const refOf = (row: TableRow): VariableRef => ({ name: row.name, serviceId: row.serviceId });
  const label = (row: TableRow) => ({ name: row.name, service: row.serviceName });
  const renderValue = (value: string | null, row: TableRow, placeholder: string) => (
    <Box
      component="span"
      title={value ?? undefined}
      sx={{
        display: 'inline-block',
        maxWidth: 280,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        verticalAlign: 'bottom',
        fontFamily: value ? 'monospace' : undefined,
        color: value ? undefined : 'text.secondary',
        textDecoration: row.status === 'deleted' ? 'line-through' : undefined,
      }}
    >
      {value || placeholder}
    </Box>
  );

  const columns: DataColumn<TableRow>[] = [
    { id: 'name', label: t('columns.name'), isHideable: false, minWidth: 140, render: (row) => <Box component="span" sx={{ fontFamily: 'monospace' }}>{row.name}</Box> },
    {
      id: 'service',
      label: t('columns.service'),
      minWidth: 110,
      render: (row) =>
        row.serviceId !== ALL_SERVICES && outdatedServiceIds?.has(row.serviceId) ? (
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
            {row.serviceName}
            <NotAppliedChip help={t('notAppliedHelp', { service: row.serviceName })} label={t('notApplied')} />
          </Stack>
        ) : (
          row.serviceName
        ),
    },
  ];
  if (level === 'device') {
    columns.push({ id: 'fleetValue', label: t('columns.fleetValue'), minWidth: 120, render: (row) => renderValue(row.fleetValue, { ...row, status: 'saved' }, '—') });
    columns.push({ id: 'value', label: t('columns.deviceValue'), minWidth: 120, render: (row) => (row.isInheritedOnly ? renderValue(null, row, t('notOverridden')) : renderValue(row.value, row, t('noValue'))) });
  } else {
    columns.push({ id: 'value', label: t('columns.value'), minWidth: 140, render: (row) => renderValue(row.value, row, t('noValue')) });
  }
  columns.push({
    id: 'status',
    label: t('columns.status'),
    minWidth: 100,
    render: (row) =>
      row.status === 'saved' ? null : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip size="small" variant="outlined" color={STATUS_COLOR[row.status]} label={t(`status.${row.status}`)} />
          {row.error && (
            <Typography variant="body2" color="error" component="span" sx={{ whiteSpace: 'normal', minWidth: 160 }}>
              {row.error}
            </Typography>
          )}
        </Stack>
      ),
  });
  if (canEdit) {
    columns.push(
      actionsColumn(t('columns.actions'), (row) => {
        const names = label(row);
        if (row.isInheritedOnly) {
          return (
            <IconButton size="small" disabled={isApplying} aria-label={t('override', names)} onClick={() => setDialog({ kind: 'override', ref: refOf(row), value: row.fleetValue ?? '', serviceName: row.serviceName })}>
              <AddIcon fontSize="small" />
            </IconButton>
          );
        }
        return (
          <>
            {row.status !== 'deleted' && (
              <>
                <IconButton size="small" disabled={isApplying} aria-label={t('edit', names)} data-variable-action={`edit:${row.key}`} onClick={() => setDialog({ kind: 'edit', ref: refOf(row), value: row.value, serviceName: row.serviceName })}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={isApplying}
                  aria-label={t('delete', names)}
                  data-variable-action={`delete:${row.key}`}
                  onClick={() => stageAndFocus((current) => stageDelete(current, level, saved, refOf(row)), [`undo:${row.key}`])}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </>
            )}
            {row.status !== 'saved' && (
              <IconButton
                size="small"
                disabled={isApplying}
                aria-label={t('undo', names)}
                data-variable-action={`undo:${row.key}`}
                onClick={() => stageAndFocus((current) => undoEdit(current, row.key), [`delete:${row.key}`, `edit:${row.key}`])}
              >
                <UndoIcon fontSize="small" />
              </IconButton>
            )}
          </>
        );
      }),
    );
  }

  const addButton = (
    <Button ref={addRef} variant="contained" startIcon={<AddIcon />} disabled={!canEdit || isApplying} onClick={() => setDialog({ kind: 'add' })} aria-describedby={canEdit ? undefined : `${barId}-reason`}>
      {t('add')}
    </Button>
  );

  return (
    <Box ref={rootRef} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <SettingsSection title={t('tableLabel')} intro={level === 'fleet' ? t('fleetIntro') : t('deviceIntro')}>
        <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {addButton}
          {!canEdit && (
            <Typography variant="body2" color="text.secondary" id={`${barId}-reason`} data-testid="section-reason">
              {readOnlyReason}
            </Typography>
          )}
        </Stack>
        <ClientDataList
          label={t('tableLabel')}
          what={t('what')}
          config={level === 'fleet' ? FLEET_LIST : DEVICE_LIST}
          columns={columns}
          query={{ data: rows, error: null, refetch }}
          getRowId={(row) => row.key}
          rowName={(row) => `${row.name} (${row.serviceName})`}
          empty={<EmptyState title={t('empty')} help={canEdit ? t('emptyHelp') : undefined} />}
          maxHeight="max(320px, calc(100dvh - 420px))"
        />
      </SettingsSection>
      {(pending > 0 || isApplying) && (
        <Paper
          elevation={4}
          role="region"
          aria-labelledby={`${barId}-bar`}
          sx={{ position: 'sticky', bottom: 8, zIndex: 2, p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          <Typography id={`${barId}-bar`} variant="body2" sx={{ flexGrow: 1, minWidth: 160 }} aria-live="polite">
            {isApplying ? t('applying') : t('pending', { count: pending })}
          </Typography>
          <Button onClick={() => setIsReverting(true)} disabled={isApplying}>
            {t('revertAll')}
          </Button>
          <Button variant="contained" onClick={() => void apply()} disabled={isApplying}>
            {t('applyAll')}
          </Button>
        </Paper>
      )}
      {dialog && <VariableDialog mode={dialog} level={level} services={services} rows={staged} rules={rules} onStage={stage} onClose={() => setDialog(null)} />}
      {isReverting && (
        <ConfirmDialog
          title={t('revertTitle')}
          message={t('revertConfirm', { count: pending })}
          confirmLabel={t('revertSubmit')}
          busy={false}
          onConfirm={() => {
            stageAndFocus(() => NO_EDITS, []);
            setIsReverting(false);
          }}
          onClose={() => setIsReverting(false)}
        />
      )}
      {blocker.status === 'blocked' && (
        <ConfirmDialog title={t('leaveTitle')} message={t('leaveMessage')} confirmLabel={t('leaveConfirm')} busy={false} onConfirm={() => blocker.proceed()} onClose={() => blocker.reset()} />
      )}
    </Box>
  );
}

/** Fleets spec §8 "Not applied": a warning chip with its words and, on hover or focus, why. */
function NotAppliedChip({ label, help }: { label: string; help: string }) {
  return (
    <Tooltip title={help} describeChild>
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        icon={<WarningAmberIcon sx={{ color: 'warning.dark' }} />}
        label={label}
        tabIndex={0}
        data-testid="not-applied"
        sx={{ color: 'text.primary' }}
      />
    </Tooltip>
  );
}
