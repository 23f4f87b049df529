import '../../fleet-settings/fleet-settings-catalog.ts';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isTypeChangeSelectable } from '@flotilla/core/application-type-change';
import type { ApplicationTypeChoice } from '../../fleet-settings/api/fleet-settings.queries.ts';

/** The type a new fleet gets unless the user picks another: the server's default when available, else the first available. */
export function defaultApplicationType(choices: readonly ApplicationTypeChoice[]): ApplicationTypeChoice | undefined {
  const available = choices.filter((c) => isTypeChangeSelectable(c.availability));
  return available.find((c) => c.type.slug === 'microservices') ?? available[0];
}

/**
 * The create dialog's advanced configuration (fleets spec §2 "Advanced configuration is loaded in
 * the dialog"): the application type, each with its availability for the chosen organization and
 * device type (§4); only available types can be picked. Collapsed by default: the default type
 * suits most fleets. While the choices load the dialog keeps Create disabled.
 */
export function ApplicationTypeField({ choices, value, onChange }: {
  choices: UseQueryResult<ApplicationTypeChoice[]>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('fleets');
  const { t: ts } = useTranslation('fleetSettings');
  const selected = choices.data?.find((c) => String(c.type.id) === value);
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="create-fleet-advanced" id="create-fleet-advanced-header">
        <Typography variant="body2">
          {t('create.advanced')}
          {selected ? ` · ${selected.type.name}` : ''}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="create-fleet-advanced">
        {choices.isError ? (
          <Alert severity="warning">{t('create.typesFailed')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('create.applicationType')}
            value={choices.data ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            disabled={!choices.data}
            helperText={selected?.type.description ?? undefined}
            slotProps={{ select: { renderValue: (v) => choices.data?.find((c) => String(c.type.id) === v)?.type.name ?? '' } }}
          >
            {(choices.data ?? []).map(({ type, availability }) => (
              <MenuItem key={type.id} value={String(type.id)} disabled={!isTypeChangeSelectable(availability)}>
                <ListItemText
                  primary={type.name}
                  secondary={isTypeChangeSelectable(availability) ? type.description : ts(`applicationType.availability.${availability}`, { type: t('create.fleetWord') })}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            ))}
          </TextField>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
