import '../../two-factor/two-factor-catalog.ts';
import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { focusIfLost } from '../../../lib/focus-parking.ts';
import { DisableTwoFactorDialog } from '../../two-factor/components/DisableTwoFactorDialog.tsx';
import { EnableTwoFactorDialog } from '../../two-factor/components/EnableTwoFactorDialog.tsx';
import { RegenerateCodesDialog } from '../../two-factor/components/RegenerateCodesDialog.tsx';
import { twoFactorStatusOf, useSessionToken } from '../../two-factor/hooks/use-session-token.ts';

type OpenDialog = 'enable' | 'disable' | 'regenerate' | null;

/**
 * `/preferences/2fa` (accounts spec §4 "Two-factor preferences"): the badge reads "enabled"
 * when the token's status is pending or passed; enable, disable and regenerate recovery codes.
 */
export function TwoFactorTab() {
  const { t } = useTranslation('twoFactor');
  const token = useSessionToken();
  const isEnabled = twoFactorStatusOf(token) !== 'disabled';
  const actor = useQuery(whoamiQuery).data;
  const account = actor && 'username' in actor && typeof actor.username === 'string' ? actor.username : (actor?.email ?? 'account');
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  // Enabling or disabling swaps the buttons, so the dialog cannot give focus back to the one that
  // opened it: once it has closed, the first action of the new state takes it instead of the body.
  const actions = useRef<HTMLDivElement>(null);
  const hadDialog = useRef(false);
  useEffect(() => {
    if (open !== null) hadDialog.current = true;
    else if (hadDialog.current) focusIfLost(actions.current?.querySelector('button') ?? null);
  }, [open, isEnabled]);

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            {t('tab.title')}
          </Typography>
          <Chip
            size="small"
            data-testid="two-factor-status"
            color={isEnabled ? 'success' : 'default'}
            label={isEnabled ? t('tab.enabled') : t('tab.disabled')}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('tab.intro')}
        </Typography>
        <div ref={actions}>
          {isEnabled ? (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => setOpen('regenerate')}>
                {t('tab.regenerate')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setOpen('disable')}>
                {t('tab.disable')}
              </Button>
            </Stack>
          ) : (
            <Button variant="contained" onClick={() => setOpen('enable')}>
              {t('tab.enable')}
            </Button>
          )}
        </div>
      </Stack>
      {open === 'enable' && <EnableTwoFactorDialog account={account} onClose={close} />}
      {open === 'disable' && <DisableTwoFactorDialog onClose={close} />}
      {open === 'regenerate' && <RegenerateCodesDialog onClose={close} />}
    </Paper>
  );
}
