import '../fleet-settings-catalog.ts';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { isSupportAccessActive } from '@flotilla/core/support-access';
import { formatDate } from '../../../lib/format.ts';
import { useAccountFlags } from '../../staff/use-account-flags.ts';

/**
 * Support access banners (fleets spec §6): granted access shows an info banner with its expiry
 * date; a platform admin or support agent viewing the fleet without it sees an error banner.
 */
export function SupportAccessBanner({ until, applicationClass }: { until: string | null; applicationClass: 'fleet' | 'app' | 'block' }) {
  const { t } = useTranslation('fleetSettings');
  const flags = useAccountFlags();
  const type = t(`className.${applicationClass}`);
  if (isSupportAccessActive(until, new Date())) {
    return <Alert severity="info">{t('supportAccess.grantedBanner', { date: formatDate(until) })}</Alert>;
  }
  if (flags?.isPlatformAdmin || flags?.isSupportAgent) {
    return <Alert severity="error">{t('supportAccess.notGrantedBanner', { type })}</Alert>;
  }
  return null;
}
