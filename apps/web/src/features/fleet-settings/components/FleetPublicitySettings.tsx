import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions.ts';
import type { PublicityFleetWithId } from '../fleet-publicity.ts';
import { PublicFleetSwitch } from './PublicFleetSwitch.tsx';
import { RepositoryUrlForm } from './RepositoryUrlForm.tsx';

/**
 * The "Public fleet" setting: repository URL and the Public switch (fleets spec §2 Fleet
 * settings, §5 "Fleet changes"). Only users holding resin.application.update on the fleet see it
 * (fleets spec §6 "Permissions checked by screens": repository URL, public flag); while their
 * roles load it stays hidden. A self-contained card, for the fleet settings page to take over.
 */
export function FleetPublicitySettings({ fleet }: { fleet: PublicityFleetWithId }) {
  const { t } = useTranslation('fleetSettings');
  const canUpdate = useCan('resin.application.update', { organizationId: fleet.organization[0]?.id, fleetId: fleet.id });
  const [urlError, setUrlError] = useState<string | null>(null);
  if (!canUpdate) return null;

  return (
    <Card variant="outlined" component="section" aria-labelledby={`fleet-publicity-${fleet.id}`} sx={{ overflowWrap: 'anywhere' }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`fleet-publicity-${fleet.id}`} gutterBottom>
          {t('fleetPublicity.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('fleetPublicity.intro')}
        </Typography>
        <Stack spacing={2}>
          <RepositoryUrlForm fleet={fleet} serverError={urlError} onEdited={() => setUrlError(null)} />
          <div>
            <PublicFleetSwitch fleet={fleet} onRepositoryUrlRequired={setUrlError} />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
