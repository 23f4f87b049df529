import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applicationPath, type ApplicationClass } from '@flotilla/core/application-class';
import { isTypeChangeSelectable } from '@flotilla/core/application-type-change';
import { validateFleetName } from '@flotilla/core/fleet-name';
import { suggestFleetName } from '@flotilla/core/fleet-name-suggestion';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { organizationRolesQuery, organizationsAllowingFleetCreation } from '../../../lib/permissions.ts';
import { deviceTypesQuery } from '../../devices/api/device-types.queries.ts';
import { applicationTypeChoicesQuery } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { isDuplicateError, useCreateFleet } from '../api/create-fleet.mutations.ts';
import { ApplicationTypeField, defaultApplicationType } from './ApplicationTypeField.tsx';
import { defaultDeviceType, organizationsQuery } from '../api/create-fleet.queries.ts';
import { CreateOrganizationDialog } from '../../organizations/components/CreateOrganizationDialog.tsx';
import { DeployConfigNotice } from '../../deploy/components/DeployConfigNotice.tsx';
import { useDeployConfig } from '../../deploy/hooks/use-deploy-config.ts';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { readFailureOf } from '../../../components/states/query-failure.ts';

interface CreateFleetForm {
  organizationId: string;
  name: string;
  deviceTypeId: string;
  /** '' until the choices load; then the default type, or the user's pick. */
  applicationTypeId: string;
}

/**
 * Fleets spec §2 "Create fleet dialog" and §5: organization, name (live validation, suggested
 * adjective-noun default) and device type (default raspberrypi4-64). Create stays disabled
 * while the name has an error or a field is empty.
 */
export function CreateFleetDialog({
  applicationClass,
  existingNames,
  onClose,
}: {
  applicationClass: ApplicationClass;
  existingNames: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('fleets');
  const context = { context: applicationClass };
  const navigate = useNavigate();
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizations = useQuery({ ...organizationsQuery(userId), enabled: userId > 0 });
  const roles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const deviceTypes = useQuery(deviceTypesQuery);
  const [isCreateOrgOpen, setCreateOrgOpen] = useState(false);
  const readFailure = readFailureOf([organizations, roles, deviceTypes]);
  const nameTaken = t('create.nameUsed', context);

  // Only organizations where the user may create fleets, when roles are known (fleets spec §6 Other).
  const allowedOrganizations = useMemo(() => {
    const all = organizations.data ?? [];
    if (!roles.data) return all;
    const allowed = organizationsAllowingFleetCreation(roles.data);
    return all.filter((org) => allowed.has(org.id));
  }, [organizations.data, roles.data]);

  const { control, handleSubmit, setValue, getValues, setError, formState } = useForm<CreateFleetForm>({
    mode: 'onChange',
    defaultValues: { organizationId: '', name: suggestFleetName(existingNames), deviceTypeId: '', applicationTypeId: '' },
  });

  // Preselect once the options arrive: the first organization and the default device type.
  useEffect(() => {
    const first = allowedOrganizations[0];
    if (first && !allowedOrganizations.some((o) => String(o.id) === getValues('organizationId'))) {
      setValue('organizationId', String(first.id), { shouldValidate: true });
    }
  }, [allowedOrganizations, getValues, setValue]);
  useEffect(() => {
    const type = defaultDeviceType(deviceTypes.data ?? []);
    if (type && getValues('deviceTypeId') === '') setValue('deviceTypeId', String(type.id), { shouldValidate: true });
  }, [deviceTypes.data, getValues, setValue]);
  // A deploy in progress (/deploy, fleets spec §5) pre-fills name and device type once known.
  const deploy = useDeployConfig({
    deviceTypes: deviceTypes.data,
    onPrefill: ({ name, deviceTypeId }) => {
      if (name) setValue('name', name, { shouldValidate: true });
      if (deviceTypeId !== null) setValue('deviceTypeId', String(deviceTypeId), { shouldValidate: true });
    },
  });

  // Advanced configuration: application types with their availability for the chosen organization and device type.
  const [organizationId, deviceTypeId, applicationTypeId] = useWatch({ control, name: ['organizationId', 'deviceTypeId', 'applicationTypeId'] });
  const typeChoices = useQuery({
    ...applicationTypeChoicesQuery({ id: null, organizationId: Number(organizationId), deviceTypeId: Number(deviceTypeId) }),
    enabled: organizationId !== '' && deviceTypeId !== '',
  });
  useEffect(() => {
    const choices = typeChoices.data;
    if (!choices) return;
    const current = choices.find((c) => String(c.type.id) === getValues('applicationTypeId'));
    if (current && isTypeChangeSelectable(current.availability)) return;
    setValue('applicationTypeId', String(defaultApplicationType(choices)?.type.id ?? ''));
  }, [typeChoices.data, getValues, setValue]);
  const isAdvancedLoading = typeChoices.isPending && typeChoices.fetchStatus !== 'idle';

  const mutation = useCreateFleet();
  const create = (values: CreateFleetForm) =>
    mutation.mutate(
      {
        name: values.name,
        organizationId: Number(values.organizationId),
        deviceTypeId: Number(values.deviceTypeId),
        applicationTypeId: values.applicationTypeId === '' ? null : Number(values.applicationTypeId),
        applicationClass,
      },
      {
        onSuccess: ({ id }) => {
          deploy.onFleetCreated(id);
          notifySuccess(t('create.created', { name: values.name, ...context }));
          onClose();
          void navigate({ href: applicationPath(applicationClass, id) });
        },
        onError: (error) => {
          if (isDuplicateError(error)) setError('name', { message: nameTaken }, { shouldFocus: true });
        },
      },
    );

  const noOrganization = organizations.isSuccess && roles.isFetched && allowedOrganizations.length === 0;
  const submitError = mutation.isError && !isDuplicateError(mutation.error) ? mutation.error.message : null;

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-fleet-title">
        <form noValidate onSubmit={handleSubmit(create)}>
          <DialogTitle id="create-fleet-title">{t('create.title', context)}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {submitError && <Alert severity="error">{submitError}</Alert>}
              {/* A failed read of the choices says so, with Retry, rather than empty selects. */}
              {readFailure && <ErrorState error={readFailure.error} onRetry={readFailure.retry} />}
              <DeployConfigNotice deploy={deploy} />
              {noOrganization && (
                <Alert
                  severity="info"
                  action={
                    <Button color="inherit" size="small" onClick={() => setCreateOrgOpen(true)}>
                      {t('createOrganization.open')}
                    </Button>
                  }
                >
                  {t('create.noOrganization')}
                </Alert>
              )}
              <Controller
                control={control}
                name="organizationId"
                rules={{ required: true }}
                render={({ field }) => (
                  <TextField select label={t('create.organization')} required {...field} disabled={allowedOrganizations.length === 0}>
                    {allowedOrganizations.map((org) => (
                      <MenuItem key={org.id} value={String(org.id)}>
                        {org.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="name"
                rules={{
                  validate: (value) =>
                    validateFleetName(value) ??
                    (existingNames.some((n) => n.toLowerCase() === value.toLowerCase()) ? nameTaken : true),
                }}
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('create.name', context)}
                    required
                    autoFocus
                    // The suggested name comes selected, so typing replaces it rather than appending to it.
                    onFocus={(event) => event.target.select()}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    {...field}
                  />
                )}
              />
              <Controller
                control={control}
                name="deviceTypeId"
                rules={{ required: true }}
                render={({ field }) => (
                  <TextField select label={t('create.deviceType')} required {...field}>
                    {(deviceTypes.data ?? []).map((type) => (
                      <MenuItem key={type.id} value={String(type.id)}>
                        {type.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <ApplicationTypeField choices={typeChoices} value={applicationTypeId} onChange={(value) => setValue('applicationTypeId', value)} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!formState.isValid || mutation.isPending || deploy.isLoading || isAdvancedLoading || deviceTypeId === ''}>
              {t('create.submit', context)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {isCreateOrgOpen && (
        <CreateOrganizationDialog
          onClose={() => setCreateOrgOpen(false)}
          onCreated={(org) => setValue('organizationId', String(org.id), { shouldValidate: true })}
        />
      )}
    </>
  );
}
