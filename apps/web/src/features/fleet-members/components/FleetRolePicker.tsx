import '../fleet-members-catalog.ts';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '@flotilla/core/application-class';
import { fleetRoleOptions } from '@flotilla/core/fleet-roles';
import type { FleetRoleName } from '@flotilla/core/roles';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import type { useLimitedRoles } from '../hooks/use-limited-roles.ts';

/**
 * A fleet role picker for one application (fleets spec §6): operator roles on fleets only; the
 * limited roles shown but disabled without the paid add-on, saying "Access role only available
 * for paid users", and telling non-administrators to contact an administrator to upgrade. While
 * the plan is not read (`hasLimitedRoles` undefined) they are disabled saying so, not "paid only".
 */
export function FleetRolePicker({
  applicationClass,
  hasLimitedRoles,
  isOrganizationAdmin,
  label,
  value,
  onChange,
  disabled = false,
  size = 'medium',
}: {
  applicationClass: ApplicationClass;
  hasLimitedRoles: boolean | undefined;
  isOrganizationAdmin: boolean;
  label: string;
  value: FleetRoleName;
  onChange: (role: FleetRoleName) => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('fleetMembers');
  const options = fleetRoleOptions(applicationClass, hasLimitedRoles === true);
  const paidOnly = hasLimitedRoles === undefined ? t('planUnread') : isOrganizationAdmin ? t('paidOnly') : `${t('paidOnly')}. ${t('contactAdmin')}.`;
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      size={size}
      onChange={(event) => {
        const next = options.find((option) => option.role === event.target.value);
        if (next?.isAvailable) onChange(next.role);
      }}
      slotProps={{ select: { renderValue: (selected) => t(`roles.${String(selected)}`) } }}
    >
      {options.map(({ role, isAvailable }) => (
        <MenuItem key={role} value={role} disabled={!isAvailable}>
          <ListItemText primary={t(`roles.${role}`)} secondary={isAvailable ? t(`roleHelp.${role}`) : paidOnly} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A dialog's role picker fed by the plan's read (useLimitedRoles): its failure with Retry above the picker. */
export function PlanRolePicker({ plan, ...picker }: Omit<Parameters<typeof FleetRolePicker>[0], 'hasLimitedRoles'> & { plan: ReturnType<typeof useLimitedRoles> }) {
  return (
    <>
      <PlanReadFailure failure={plan.failure} />
      <FleetRolePicker hasLimitedRoles={plan.hasLimitedRoles} {...picker} />
    </>
  );
}

/** A failed read of the organization's plan (useLimitedRoles), with Retry, beside the role pickers it leaves incomplete. */
export function PlanReadFailure({ failure }: { failure: { error: unknown; retry: () => Promise<unknown> } }) {
  const { t } = useTranslation('fleetMembers');
  if (failure.error == null) return null;
  return <ErrorState error={failure.error} what={t('planWhat')} onRetry={failure.retry} />;
}
