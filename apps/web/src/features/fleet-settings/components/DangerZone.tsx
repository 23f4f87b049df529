import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CLASS_PREFIX } from '@flotilla/core/application-class';
import { transferTargets } from '@flotilla/core/fleet-transfer';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { ReasonedButton } from '../../../components/ReasonedButton.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { useDeleteFleet, useRemoveOwnAccess, useTransferFleet } from '../api/fleet-settings.mutations.ts';
import { ownFleetMembershipQuery, transferCandidatesQuery, type FleetSettings } from '../api/fleet-settings.queries.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

export interface DangerPermissions {
  canTransfer: boolean;
  canDelete: boolean;
}

/** Danger zone (fleets spec §2 Fleet settings): remove own access, transfer ownership, delete. */
export function DangerZone({ fleet, userId, permissions }: { fleet: FleetSettings; userId: number; permissions: DangerPermissions }) {
  const { t } = useTranslation('fleetSettings');
  return (
    <SettingsSection title={t('danger.title')} danger>
      <Stack spacing={2} divider={<Divider flexItem />}>
        <RemoveAccessAction fleet={fleet} userId={userId} />
        <TransferAction fleet={fleet} userId={userId} canTransfer={permissions.canTransfer} />
        <DeleteAction fleet={fleet} canDelete={permissions.canDelete} />
      </Stack>
    </SettingsSection>
  );
}

function ActionRow({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, alignItems: { sm: 'center' } }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{children}</Box>
    </Box>
  );
}

/**
 * A row's action the user may not take (no permission, devices in the fleet, nowhere to move it,
 * no membership to remove): its button, disabled, with the reason written above it and as its
 * description (ReasonedButton) — the same in every row, so no row's action just goes missing.
 */
function UnavailableAction({ reason, label, variant = 'outlined' }: { reason: string; label: string; variant?: 'outlined' | 'contained' }) {
  return (
    <ReasonedButton variant={variant} color="error" disabledReason={reason} isReasonShown onClick={() => undefined}>
      {label}
    </ReasonedButton>
  );
}

/**
 * Remove own access: deletes the user's own fleet membership (always allowed by the API). When
 * the access comes only from the organization or a team there is none, and the button says so.
 */
function RemoveAccessAction({ fleet, userId }: { fleet: FleetSettings; userId: number }) {
  const { t } = useTranslation('fleetSettings');
  const navigate = useNavigate();
  const type = t(`className.${fleet.is_of__class}`);
  const membership = useQuery(ownFleetMembershipQuery(userId, fleet.id));
  const mutation = useRemoveOwnAccess(fleet.id);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <ActionRow title={t('danger.leave.title')} description={t('danger.leave.description', { type })}>
      <QueryState query={membership} what={t('danger.leave.what')}>
        {(row) => (
          <>
            {row === null ? (
              <UnavailableAction reason={t('danger.leave.onlyOrganization', { type })} label={t('danger.leave.button')} />
            ) : (
              <Button variant="outlined" color="error" onClick={() => setIsOpen(true)}>
                {t('danger.leave.button')}
              </Button>
            )}
            {isOpen && row && (
              <MutationConfirmDialog
                title={t('danger.leave.confirmTitle', { name: fleet.app_name })}
                message={t('danger.leave.confirmMessage', { type })}
                confirmLabel={t('danger.leave.button')}
                mutation={mutation}
                run={() => mutation.mutateAsync(row.id)}
                success={t('danger.leave.success')}
                onDone={({ stillVisible }) => {
                  const fleetClass = CLASS_PREFIX[fleet.is_of__class];
                  void (stillVisible
                    ? navigate({ to: '/$fleetClass/$fleetId', params: { fleetClass, fleetId: String(fleet.id) } })
                    : navigate({ to: '/$fleetClass', params: { fleetClass } }));
                }}
                onClose={() => setIsOpen(false)}
              />
            )}
          </>
        )}
      </QueryState>
    </ActionRow>
  );
}

/**
 * Transfer ownership (fleets spec §5: targets are organizations where the user is administrator
 * or developer, with no same-named application, and the fleet has no devices; the confirmation
 * warns of lost access). After it the user goes to the fleet, or to /fleets if it is out of sight.
 */
function TransferAction({ fleet, userId, canTransfer }: { fleet: FleetSettings; userId: number; canTransfer: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const type = t(`className.${fleet.is_of__class}`);
  const organization = fleet.organization[0];
  const candidates = useQuery({ ...transferCandidatesQuery(userId, fleet.app_name), enabled: canTransfer });
  return (
    <ActionRow title={t('danger.transfer.title')} description={t('danger.transfer.description', { type })}>
      {!canTransfer ? (
        <UnavailableAction reason={t('noPermission')} label={t('danger.transfer.button')} />
      ) : fleet.owns__device > 0 ? (
        <UnavailableAction reason={t('danger.transfer.hasDevices', { type })} label={t('danger.transfer.button')} />
      ) : (
        <QueryState query={candidates} what={t('danger.transfer.what')}>
          {(rows) => {
            const targets = transferTargets(rows, { name: fleet.app_name, organizationId: organization?.id ?? 0, deviceCount: fleet.owns__device });
            return targets.length === 0 ? (
              <UnavailableAction reason={t('danger.transfer.noTargets', { type, name: fleet.app_name })} label={t('danger.transfer.button')} />
            ) : (
              <TransferForm fleet={fleet} targets={targets} fromName={organization?.name ?? ''} />
            );
          }}
        </QueryState>
      )}
    </ActionRow>
  );
}

function TransferForm({ fleet, targets, fromName }: { fleet: FleetSettings; targets: Array<{ id: number; name: string }>; fromName: string }) {
  const { t } = useTranslation('fleetSettings');
  const navigate = useNavigate();
  const mutation = useTransferFleet(fleet.id);
  const [targetId, setTargetId] = useState<number | ''>('');
  const [isOpen, setIsOpen] = useState(false);
  const target = targets.find((o) => o.id === targetId);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <TextField select size="small" label={t('danger.transfer.target')} value={targetId} onChange={(event) => setTargetId(Number(event.target.value))} sx={{ minWidth: 200 }}>
        {targets.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" color="error" disabled={!target} onClick={() => setIsOpen(true)} sx={{ mt: { sm: '2px' } }}>
        {t('danger.transfer.button')}
      </Button>
      {isOpen && target && (
        <MutationConfirmDialog
          title={t('danger.transfer.confirmTitle', { name: fleet.app_name, org: target.name })}
          message={<Alert severity="warning">{t('danger.transfer.confirmMessage', { name: fleet.app_name, org: target.name, from: fromName })}</Alert>}
          confirmLabel={t('danger.transfer.confirm')}
          mutation={mutation}
          run={() => mutation.mutateAsync(target.id)}
          success={t('danger.transfer.success')}
          onDone={() => void navigate({ to: '/$fleetClass/$fleetId', params: { fleetClass: CLASS_PREFIX[fleet.is_of__class], fleetId: String(fleet.id) } })}
          onClose={() => setIsOpen(false)}
        />
      )}
    </Stack>
  );
}

/**
 * Delete (fleets spec §5 "Deleting warns if devices exist"; §2 "Confirmation dialogs": type the
 * exact name, pasting blocked). Afterwards the user goes to the class's list.
 */
function DeleteAction({ fleet, canDelete }: { fleet: FleetSettings; canDelete: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const navigate = useNavigate();
  const type = t(`className.${fleet.is_of__class}`);
  const mutation = useDeleteFleet(fleet.id);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <ActionRow title={t('danger.delete.title', { type })} description={t('danger.delete.description', { type })}>
      {!canDelete ? (
        <UnavailableAction reason={t('noPermission')} label={t('danger.delete.button')} variant="contained" />
      ) : (
        <Button variant="contained" color="error" onClick={() => setIsOpen(true)}>
          {t('danger.delete.button')}
        </Button>
      )}
      {isOpen && (
        <MutationConfirmDialog
          title={t('danger.delete.confirmTitle', { name: fleet.app_name })}
          message={
            <>
              {fleet.owns__device > 0 && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {t('danger.delete.devicesWarning', { type, count: fleet.owns__device })}
                </Alert>
              )}
              {t('danger.delete.confirmMessage', { name: fleet.app_name })}
            </>
          }
          confirmLabel={t('danger.delete.confirm')}
          typedConfirmation={{ text: fleet.app_name, label: t('danger.delete.typeToConfirm', { name: fleet.app_name }) }}
          mutation={mutation}
          run={() => mutation.mutateAsync()}
          success={t('danger.delete.success')}
          onDone={() => void navigate({ to: '/$fleetClass', params: { fleetClass: CLASS_PREFIX[fleet.is_of__class] } })}
          onClose={() => setIsOpen(false)}
        />
      )}
    </ActionRow>
  );
}
