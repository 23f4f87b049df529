import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { CommandLineMethod } from './CommandLineMethod.tsx';
import { GitMethod } from './GitMethod.tsx';

type Method = 'cli' | 'git';

/**
 * The add-release dialog (fleets spec §2 "Releases list and add-release dialog"): two methods
 * as tabs, the command line first (recommended), then git. The CLI version, its download base
 * and the git server come from the server's public configuration (GET /config); the git remote
 * names the signed-in user's username. It only shows instructions: nothing is written.
 */
export function AddReleaseDialog({ open, onClose, fleetSlug }: { open: boolean; onClose: () => void; fleetSlug: string }) {
  const { t } = useTranslation('releases');
  const { t: tc } = useTranslation();
  const [method, setMethod] = useState<Method>('cli');
  const config = useQuery({ ...clientConfigQuery, enabled: open });
  const { data: actor } = useQuery(whoamiQuery);
  const ids = useId();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const tabId = (m: Method) => `${ids}-tab-${m}`;
  const panelId = (m: Method) => `${ids}-panel-${m}`;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby={`${ids}-title`}>
      <DialogTitle id={`${ids}-title`}>{t('add.title')}</DialogTitle>
      <Tabs value={method} onChange={(_e, next: Method) => setMethod(next)} aria-label={t('add.methods')} selectionFollowsFocus variant="fullWidth" sx={{ px: 3 }}>
        <Tab value="cli" label={t('add.cli')} id={tabId('cli')} aria-controls={panelId('cli')} />
        <Tab value="git" label={t('add.git')} id={tabId('git')} aria-controls={panelId('git')} />
      </Tabs>
      <DialogContent dividers>
        <QueryState query={config} what={t('add.what')}>
          {(c) => (
            <div role="tabpanel" id={panelId(method)} aria-labelledby={tabId(method)}>
              {method === 'cli' ? (
                <CommandLineMethod fleetSlug={fleetSlug} cliVersion={c.cliVersion} cliDownloadBaseUrl={c.cliDownloadBaseUrl} apiUrl={window.location.origin} />
              ) : (
                <GitMethod fleetSlug={fleetSlug} gitServer={c.gitServer} username={actor?.username} />
              )}
            </div>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
