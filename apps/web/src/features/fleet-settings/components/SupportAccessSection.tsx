import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { SupportAccessControls } from '../../../components/support-access/SupportAccessControls.tsx';
import { useSetSupportAccess } from '../api/fleet-settings.mutations.ts';
import type { FleetSettings } from '../api/fleet-settings.queries.ts';

/**
 * Support access to the fleet (fleets spec §5 "Support access date"; §6 resin.application.update;
 * §8 "support access granted or removed"). Without permission the buttons give way to the reason.
 */
export function SupportAccessSection({ fleet, canUpdate }: { fleet: FleetSettings; canUpdate: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const type = t(`className.${fleet.is_of__class}`);
  const mutation = useSetSupportAccess(fleet.id);
  return (
    <SettingsSection title={t('supportAccess.title')} intro={t('supportAccess.intro', { type })}>
      <SupportAccessControls namespace="fleetSettings" until={fleet.is_accessible_by_support_until__date} mutation={mutation} canUpdate={canUpdate} whenDenied="explain" />
    </SettingsSection>
  );
}
