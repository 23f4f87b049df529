import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { confirmationNames } from '../device-batch.ts';

/**
 * The devices a batch dialog applies to (fleets spec §2 "Confirmation dialogs": up to 10 names,
 * then "and N more"), in the typed confirmation of a dangerous action and in the move and pin
 * forms alike.
 */
export function BatchDeviceNames({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('devices');
  const { shown, more } = confirmationNames(names);
  return (
    <div>
      <Typography variant="body2" component="p">
        {t('batch.confirm.devices')}
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3, overflowWrap: 'anywhere' }} data-testid="batch-confirm-names">
        {shown.map((name, i) => (
          <Typography component="li" variant="body2" key={`${i}-${name}`}>
            {name}
          </Typography>
        ))}
        {more > 0 && (
          <Typography component="li" variant="body2">
            {t('batch.confirm.more', { count: more })}
          </Typography>
        )}
      </Box>
    </div>
  );
}
