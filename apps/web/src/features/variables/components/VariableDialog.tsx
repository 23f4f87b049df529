import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validateEnvVarName, validateVariableValue, type VariableNameRules } from '@flotilla/core/variable-names';
import { ALL_SERVICES, isNameTaken, type VariableLevel, type VariableRef, type VariableRow } from '../variable-staging.ts';
import type { VariableService } from '../api/variables.queries.ts';

/** What the dialog stages: a new row, a new value of a row, or a device's first value over an inherited one. */
export type VariableDialogMode = { kind: 'add' } | { kind: 'edit' | 'override'; ref: VariableRef; value: string; serviceName: string };

interface FormValues {
  name: string;
  /** A service id as text; '' until one is chosen. */
  service: string;
  value: string;
}

/**
 * Add a variable (name, service, value) or edit one's value; nothing is sent, the row is staged
 * (fleets spec §4). Names follow §5 "Variable names" (the rules of @flotilla/core, as the API
 * publishes them); a name already used for the same service, or on the same device, is
 * `fields_errors.already_exist`; where there are services to choose from, one (or All
 * services) must be chosen. Values are single-line.
 */
export function VariableDialog({
  mode,
  level,
  services,
  rows,
  rules,
  onStage,
  onClose,
}: {
  mode: VariableDialogMode;
  level: VariableLevel;
  services: readonly VariableService[];
  rows: readonly VariableRow[];
  rules: VariableNameRules | undefined;
  onStage: (ref: VariableRef, value: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('variables');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const isAdd = mode.kind === 'add';
  const hasServiceChoice = services.length > 0;
  const { register, handleSubmit, formState, getValues, trigger } = useForm<FormValues>({
    mode: 'onTouched',
    // An edited row keeps its service; a new one has none until chosen, unless there is no choice.
    defaultValues: isAdd ? { name: '', service: hasServiceChoice ? '' : String(ALL_SERVICES), value: '' } : { name: mode.ref.name, service: String(mode.ref.serviceId), value: mode.value },
  });

  const submit = handleSubmit((values) => {
    const ref = isAdd ? { name: values.name.trim(), serviceId: Number(values.service) } : mode.ref;
    onStage(ref, values.value);
    onClose();
  });

  const nameProblem = (raw: string): string | true => {
    const name = raw.trim();
    if (name === '') return t('fields_errors.mandatory_name');
    const ruleMessage = validateEnvVarName(name, rules);
    if (ruleMessage) return ruleMessage;
    const service = getValues('service');
    if (service !== '' && isNameTaken(rows, level, { name, serviceId: Number(service) })) return t('fields_errors.already_exist');
    return true;
  };
  // The ref goes to the select's inputRef (MUI focuses the visible combobox through it), not to
  // the field: there react-hook-form's focus on a missing service lands on the select's hidden,
  // aria-hidden native input, where a keyboard user sees nothing.
  const { ref: serviceRef, ...serviceField } = register('service', { validate: (v) => (v === '' ? t('serviceRequired') : true) });
  const title = mode.kind === 'add' ? t('addTitle') : mode.kind === 'edit' ? t('editTitle', { name: mode.ref.name }) : t('overrideTitle', { name: mode.ref.name });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {!isAdd && (
              <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
                {t('service')}: {mode.serviceName}
              </DialogContentText>
            )}
            {isAdd && (
              <TextField
                label={t('name')}
                required
                autoFocus
                autoComplete="off"
                error={Boolean(formState.errors.name)}
                helperText={formState.errors.name?.message}
                slotProps={{ htmlInput: { spellCheck: false } }}
                {...register('name', { validate: nameProblem })}
              />
            )}
            {isAdd && hasServiceChoice && (
              <TextField
                select
                label={t('service')}
                required
                defaultValue=""
                error={Boolean(formState.errors.service)}
                helperText={formState.errors.service?.message ?? t('serviceHelp')}
                {...serviceField}
                inputRef={serviceRef}
                onChange={async (event) => {
                  await serviceField.onChange(event);
                  // The name's uniqueness is per service.
                  if (getValues('name') !== '') void trigger('name');
                }}
              >
                <MenuItem value={String(ALL_SERVICES)}>{t('allServices')}</MenuItem>
                {services.map((s) => (
                  <MenuItem key={s.id} value={String(s.id)}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('value')}
              multiline
              maxRows={6}
              autoFocus={!isAdd}
              autoComplete="off"
              error={Boolean(formState.errors.value)}
              helperText={formState.errors.value?.message}
              slotProps={{ htmlInput: { spellCheck: false } }}
              // Long values wrap, but a value is one line: Enter stages it, as in a one-line field.
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void submit();
                }
              }}
              {...register('value', { validate: (v) => validateVariableValue(v) ?? true })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('stage')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
