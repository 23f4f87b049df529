import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCan, useIsObserverOnly } from '../../../lib/permissions.ts';
import { SIDEBAR_WIDTH } from '../../../theme.ts';
import { deviceQuery } from '../../devices/api/devices.queries.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { organizationQuery } from '../../organizations/api/organizations.queries.ts';
import { useExperimentalFlag } from '../../preferences/experimental-flags.ts';
import { sidebarBackLink, sidebarContext, sidebarEntries, type SidebarEntry } from '../sidebar-entries.ts';

/** Accounts spec §2: no sidebar on verify-email, signup/profile and preferences. */
const PAGES_WITHOUT_SIDEBAR = ['/preferences', '/signup/profile', '/user/verify-email'];

export function Sidebar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (PAGES_WITHOUT_SIDEBAR.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return null;
  return <SidebarDrawer />;
}

function SidebarDrawer() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { fleetId?: string; uuid?: string; orgId?: string; memberId?: string; teamId?: string };
  const [displayApps] = useExperimentalFlag('displayApps');
  const device = useQuery({ ...deviceQuery(params.uuid ?? ''), enabled: Boolean(params.uuid) });
  const deviceFleetId = device.data?.belongs_to__application[0]?.id ?? null;
  const context = sidebarContext(params, deviceFleetId);
  const fleetId = context.kind === 'fleet' || context.kind === 'device' ? (context.fleetId ?? undefined) : undefined;
  const fleet = useQuery({ ...fleetQuery(fleetId ?? 0), enabled: fleetId !== undefined });
  const inOrganization = context.kind === 'organization' || context.kind === 'member' || context.kind === 'team';
  const scope = { fleetId, organizationId: inOrganization ? context.orgId : fleet.data?.organization[0]?.id };
  const backLink = sidebarBackLink(context);
  const organization = useQuery({ ...organizationQuery(inOrganization ? context.orgId : 0), enabled: inOrganization });
  const heading =
    context.kind === 'device'
      ? (device.data?.device_name ?? '')
      : context.kind === 'fleet'
        ? (fleet.data?.app_name ?? '')
        : inOrganization
          ? (organization.data?.name ?? '')
          : '';

  return (
    <Drawer
      variant="permanent"
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
    >
      <Toolbar />
      <Box component="nav" aria-label={t('sidebar.navigation')}>
        <List dense>
          {backLink && (
            <ListItemButton component={Link} to={backLink.to} activeOptions={{ exact: true }}>
              <ListItemText primary={t(backLink.labelKey)} />
            </ListItemButton>
          )}
          {heading && (
            <ListSubheader component="div" sx={{ lineHeight: '32px' }}>
              {heading}
            </ListSubheader>
          )}
          {sidebarEntries(context)
            .filter((entry) => displayApps || !entry.appsOnly)
            .map((entry) => (
              <SidebarItem key={entry.to} entry={entry} scope={scope} label={t(entry.labelKey)} />
            ))}
        </List>
      </Box>
    </Drawer>
  );
}

function SidebarItem({ entry, scope, label }: { entry: SidebarEntry; scope: { fleetId?: number; organizationId?: number }; label: string }) {
  const allowed = useCan(entry.permission ?? '', scope);
  const observerOnly = useIsObserverOnly(scope);
  if (entry.permission && !allowed) return null;
  if (entry.hiddenForObservers && observerOnly) return null;
  return (
    <ListItemButton
      component={Link}
      to={entry.to}
      activeOptions={{ exact: entry.exact ?? false }}
      activeProps={{ className: 'Mui-selected', 'aria-current': 'page' }}
    >
      <ListItemText primary={label} />
    </ListItemButton>
  );
}
