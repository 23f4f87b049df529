import { useTranslation } from 'react-i18next';
import { useReverifyIdentity } from '../../access-tokens/api/access-tokens.mutations.ts';
import { PasswordTokenForm } from './PasswordTokenForm.tsx';

/**
 * Accounts spec §4: past the 20-minute recent-login window a 2FA change needs the password
 * again; the fresh token (new authTime) replaces the session's, then `onConfirmed` continues.
 */
export function ConfirmIdentityForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('twoFactor');
  const confirm = useReverifyIdentity();
  return <PasswordTokenForm intro={t('tab.confirmIdentityIntro')} submitLabel={t('tab.continue')} mutation={confirm} onDone={onConfirmed} onCancel={onCancel} />;
}
