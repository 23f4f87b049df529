import '../device-terminal-catalog.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { rolesHavePermission } from '@flotilla/core/roles';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { useRolesState } from '../../../lib/permissions.ts';
import { deviceServicesQuery } from '../../device-services/api/device-services.queries.ts';
import { terminalTabs, type TerminalDeviceFacts } from '../terminal-targets.ts';
import { DeviceTerminalPanel } from './DeviceTerminalPanel.tsx';

/** What the card needs of the device (a DeviceDetail has it all). */
export interface TerminalCardDevice extends TerminalDeviceFacts {
  id: number;
  uuid: string;
  belongs_to__application: ReadonlyArray<{ id: number; organization?: { __id: number } | null }>;
}

/**
 * The device summary's web terminal (fleets spec §2 "Web terminal with one tab per target"):
 * a tab for the host OS and one per service, each with its own session (DeviceTerminalPanel).
 * A tab once opened keeps its session while another is shown; one that wrote meanwhile is
 * marked as having unseen activity (§3 "Terminal session"). Another device is a new card: its
 * sessions are the old card's closed (§4). The services come from the same query as the
 * services card (one request, one cache entry).
 */
export function DeviceTerminalCard({ device }: { device: TerminalCardDevice }) {
  return <TerminalCardBody key={device.uuid} device={device} />;
}

function TerminalCardBody({ device }: { device: TerminalCardDevice }) {
  const { t } = useTranslation('deviceTerminal');
  const fleet = device.belongs_to__application[0];
  const scope = { fleetId: fleet?.id, organizationId: fleet?.organization?.__id ?? undefined };
  // Until the user's roles are read the tabs wait (RolesPending): an unread or failed read of
  // them is not "You do not have permission to open a terminal here".
  const rolesState = useRolesState(scope);
  const { roles } = rolesState;
  const canSsh = roles !== null && rolesHavePermission(roles, 'resin.device.ssh');
  const canSshHost = roles !== null && rolesHavePermission(roles, 'resin.device.ssh-host');
  const services = useQuery(deviceServicesQuery(device.id));
  const tabs = useMemo(() => terminalTabs(device, services.data ?? [], { canSsh, canSshHost }), [device, services.data, canSsh, canSshHost]);
  const [selectedKey, setSelectedKey] = useState('host');
  const selected = tabs.find((tab) => tab.key === selectedKey) ?? tabs[0]!;
  /** Tabs shown at least once: their panels (and sessions) stay mounted. */
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(['host']));
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(() => new Set());
  const selectedRef = useRef(selected.key);
  useEffect(() => {
    selectedRef.current = selected.key;
  }, [selected.key]);
  const tabsRef = useRef<HTMLDivElement | null>(null);
  const idOf = (key: string) => `device-terminal-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const labelOf = (serviceName: string | null) => serviceName ?? t('hostOs');

  const select = (key: string) => {
    setSelectedKey(key);
    setOpened((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
    setUnseen((keys) => (keys.has(key) ? new Set([...keys].filter((k) => k !== key)) : keys));
  };
  const markUnseen = useCallback((key: string) => {
    if (selectedRef.current === key) return;
    setUnseen((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
  }, []);
  const leave = useCallback(() => tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(), []);

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {t('title')}
        </Typography>
        {roles === null ? (
          <RolesPending state={rolesState} rows={2} />
        ) : (
          <>
            <Tabs ref={tabsRef} value={selected.key} onChange={(_event, key: string) => select(key)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('targets')}>
              {tabs.map((tab) => (
                <Tab
                  key={tab.key}
                  value={tab.key}
                  label={
                    <span>
                      {labelOf(tab.serviceName)}
                      {unseen.has(tab.key) && (
                        <>
                          <Box component="span" aria-hidden="true" sx={{ display: 'inline-block', width: 8, height: 8, ml: 0.75, borderRadius: '50%', bgcolor: 'primary.main', verticalAlign: 'middle' }} />
                          <VisuallyHidden>{t('unseenActivity')}</VisuallyHidden>
                        </>
                      )}
                    </span>
                  }
                  id={`${idOf(tab.key)}-tab`}
                  aria-controls={`${idOf(tab.key)}-panel`}
                  sx={{ textTransform: 'none' }}
                />
              ))}
            </Tabs>
            {services.isError && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void services.refetch()}>
                    {t('retry')}
                  </Button>
                }
              >
                {t('servicesError')}
              </Alert>
            )}
            {tabs
              .filter((tab) => tab.key === selected.key || opened.has(tab.key))
              .map((tab) => (
                <Box key={tab.key} role="tabpanel" hidden={tab.key !== selected.key} id={`${idOf(tab.key)}-panel`} aria-labelledby={`${idOf(tab.key)}-tab`} sx={{ minWidth: 0 }}>
                  <DeviceTerminalPanel uuid={device.uuid} tab={tab} targetLabel={labelOf(tab.serviceName)} onLeave={leave} onOutput={() => markUnseen(tab.key)} />
                </Box>
              ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}
