import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { customNameProblem, valueProblem, type ConfigSchemaProperty } from '../config-values.ts';

export interface ConfigVariableDialogProps {
  title: string;
  /** The variable's name; null for a new custom variable, whose name is asked and checked against `existingNames` and `builtInNames`. */
  name: string | null;
  /** The names the fleet sets already. */
  existingNames?: readonly string[];
  /** The schema's variables (set from their own rows, not as custom ones). */
  builtInNames?: readonly string[];
  property: ConfigSchemaProperty | undefined;
  initialValue: string;
  /** The "will reboot" note (§3 will_reboot), when changing the value reboots devices. */
  rebootNote?: string | null;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string, value: string) => void;
  onClose: () => void;
}

/**
 * Sets one configuration value (fleet, custom or device override): an enum is a select, a number
 * is checked as one (and against its bounds), anything else single-line text (fleets spec §5).
 * For a new custom variable the name is asked too, checked by the §5 configuration-name rule,
 * against the fleet's existing entries and against the built-in variables (set from their rows).
 */
export function ConfigVariableDialog({ title, name, existingNames = [], builtInNames = [], property, initialValue, rebootNote, submitLabel, busy, error, onSubmit, onClose }: ConfigVariableDialogProps) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const [newName, setNewName] = useState('');
  const [value, setValue] = useState(initialValue);
  const [isSubmitted, setIsSubmitted] = useState(false);

  const nameIssue = name === null ? customNameProblem(newName.trim(), { set: existingNames, builtIn: builtInNames }) : null;
  const nameError = nameIssue === null ? null : 'message' in nameIssue ? nameIssue.message : t(`custom.${nameIssue.key}`);
  const problem = valueProblem(property, value);
  const valueError = problem === null ? null : t(`problems.${problem.key}`, problem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError || valueError) return;
    onSubmit(name ?? newName.trim(), property?.type === 'integer' || property?.type === 'number' ? value.trim() : value);
  };
  const isEnum = Boolean(property?.enum && property.enum.length > 0);
  const isNumber = property?.type === 'integer' || property?.type === 'number';

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {property?.description && (
              <Typography variant="body2" color="text.secondary">
                {property.description}
              </Typography>
            )}
            {rebootNote && <Alert severity="warning">{rebootNote}</Alert>}
            {name === null && (
              <TextField
                label={t('name')}
                required
                autoFocus
                value={newName}
                onChange={(event) => setNewName(event.target.value)}
                error={isSubmitted && Boolean(nameError)}
                helperText={isSubmitted ? nameError : undefined}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
              />
            )}
            {isEnum ? (
              <TextField select label={t('value')} value={value} onChange={(event) => setValue(event.target.value)} autoFocus={name !== null} error={isSubmitted && Boolean(valueError)} helperText={isSubmitted ? valueError : undefined}>
                {property?.enum?.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label={t('value')}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                autoFocus={name !== null}
                error={isSubmitted && Boolean(valueError)}
                helperText={isSubmitted ? valueError : undefined}
                slotProps={{ htmlInput: { inputMode: isNumber ? 'numeric' : undefined, spellCheck: false, min: property?.minimum, max: property?.maximum } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
