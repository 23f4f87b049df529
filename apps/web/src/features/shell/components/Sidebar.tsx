import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AppsIcon from '@mui/icons-material/Apps';
import BoltIcon from '@mui/icons-material/Bolt';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BusinessIcon from '@mui/icons-material/Business';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import DeviceHubIcon from '@mui/icons-material/DeviceHub';
import GroupsIcon from '@mui/icons-material/Groups';
import KeyIcon from '@mui/icons-material/Key';
import LayersIcon from '@mui/icons-material/Layers';
import NotesIcon from '@mui/icons-material/Notes';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../components/VisuallyHidden.tsx';
import { isObserverOnly, rolesHavePermission } from '@flotilla/core/roles';
import { useRolesState } from '../../../lib/permissions.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../../theme.ts';
import { useExperimentalFlag } from '../../preferences/experimental-flags.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { samlAccessQuery } from '../../identity-providers/api/saml-access.queries.ts';
import { isSamlFeatureOn } from '../../identity-providers/saml-feature.ts';
import { useShellContext } from '../hooks/use-shell-context.ts';
import { sidebarBackLink, sidebarEntries, type SidebarEntry } from '../sidebar-entries.ts';

const ENTRY_ICONS: Record<string, ComponentType<{ fontSize?: 'small' }>> = {
  'sidebar.summary': DashboardIcon,
  'sidebar.fleets': DeviceHubIcon,
  'sidebar.devices': DeveloperBoardIcon,
  'sidebar.organizations': BusinessIcon,
  // Single sign-on's keys; the same icon as a fleet's provisioning keys (never both in one sidebar), so no extra icon is loaded.
  'sidebar.identityProvider': KeyIcon,
  'sidebar.apps': AppsIcon,
  'sidebar.blocks': WidgetsIcon,
  'sidebar.members': PeopleIcon,
  'sidebar.teams': GroupsIcon,
  'sidebar.billing': CreditCardIcon,
  'sidebar.settings': SettingsIcon,
  'sidebar.apiKeys': KeyIcon,
  'sidebar.actions': BoltIcon,
  'sidebar.location': PlaceIcon,
  'deviceDiagnostics:sidebarEntry': MonitorHeartIcon,
  'deviceLogs:sidebarEntry': NotesIcon,
  'variables:sidebarEntry': DataObjectIcon,
  'configuration:sidebarEntry': TuneIcon,
  // A release is a stack of images.
  'sidebar.releases': LayersIcon,
};

export type SidebarProps =
  /** Desktop (md and up): always shown, 220px or collapsed to 56px of icons. */
  | { variant: 'permanent'; navId: string; isCollapsed: boolean; onCollapsedChange: (collapsed: boolean) => void }
  /** Phones and tablets: a modal drawer opened from the header's menu button. */
  | { variant: 'temporary'; navId: string; isOpen: boolean; restoreFocus: boolean; onClose: () => void; onNavigate: () => void };

/**
 * The sidebar (accounts spec §2 "Sidebar", fleets spec §2 "Sidebar entries"): a navigation
 * landmark with a list of links, one `li` each. On desktop it can be collapsed to icons (the
 * labels stay as the links' names and as tooltips); under `md` it is a temporary drawer that
 * closes on Escape, on the backdrop and when a link is followed.
 */
export function Sidebar(props: SidebarProps) {
  const { t } = useTranslation('shell');
  if (props.variant === 'temporary') {
    return (
      <Drawer
        variant="temporary"
        open={props.isOpen}
        onClose={props.onClose}
        // Mounted while closed, so the menu button's aria-controls always points at it; after a
        // link is followed focus goes to the new page's h1, not back to the menu button.
        ModalProps={{ keepMounted: true, disableRestoreFocus: !props.restoreFocus }}
        // The drawer's paper is the modal dialog (role="dialog"): it needs a name of its own.
        slotProps={{ paper: { 'aria-label': t('sidebar.drawer') } }}
        sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <SidebarNav navId={props.navId} isCollapsed={false} onNavigate={props.onNavigate} />
      </Drawer>
    );
  }
  const width = props.isCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Drawer
      variant="permanent"
      data-collapsed={props.isCollapsed ? 'true' : 'false'}
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      })}
    >
      <Toolbar />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <SidebarNav navId={props.navId} isCollapsed={props.isCollapsed} />
      </Box>
      <Divider />
      <CollapseToggle navId={props.navId} isCollapsed={props.isCollapsed} onChange={props.onCollapsedChange} />
    </Drawer>
  );
}

function CollapseToggle({ navId, isCollapsed, onChange }: { navId: string; isCollapsed: boolean; onChange: (collapsed: boolean) => void }) {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ display: 'flex', justifyContent: isCollapsed ? 'center' : 'flex-end', p: 0.5 }}>
      <Tooltip title={t(isCollapsed ? 'sidebar.expand' : 'sidebar.collapse')} placement="right" describeChild>
        <IconButton aria-label={t('sidebar.toggle')} aria-expanded={!isCollapsed} aria-controls={navId} onClick={() => onChange(!isCollapsed)}>
          {isCollapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function SidebarNav({ navId, isCollapsed, onNavigate }: { navId: string; isCollapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { context, scope, names } = useShellContext();
  const [displayApps] = useExperimentalFlag('displayApps');
  const isSamlOn = useIsSamlFeatureOn(context.kind === 'home');
  const backLink = sidebarBackLink(context);
  const heading =
    context.kind === 'device' ? names.device : context.kind === 'fleet' ? names.fleet : context.kind === 'home' ? null : names.organization;

  return (
    <Box component="nav" id={navId} aria-label={t('sidebar.navigation')}>
      {heading && (
        <Typography
          variant="overline"
          component="div"
          noWrap
          title={heading}
          sx={{ px: 2, pt: 1, display: 'block', lineHeight: '32px', color: 'text.secondary', ...(isCollapsed ? VISUALLY_HIDDEN : {}) }}
        >
          {heading}
        </Typography>
      )}
      <List dense>
        {backLink && (
          <SidebarLink to={backLink.to} exact label={t(backLink.labelKey)} Icon={ArrowBackIcon} isCollapsed={isCollapsed} onNavigate={onNavigate} />
        )}
        {sidebarEntries(context)
          .filter((entry) => (displayApps || !entry.appsOnly) && (isSamlOn || !entry.samlOnly))
          .map((entry) => (
            <SidebarItem key={entry.to} entry={entry} scope={scope} label={t(entry.labelKey)} isCollapsed={isCollapsed} onNavigate={onNavigate} />
          ))}
      </List>
    </Box>
  );
}

/** The identity provider entry's condition, asked only where the home entries show; a failed read hides it (silent). */
function useIsSamlFeatureOn(isAsked: boolean): boolean {
  const access = useQuery({ ...samlAccessQuery, enabled: isAsked, meta: { silent: true } });
  const config = useQuery({ ...clientConfigQuery, enabled: isAsked });
  return isSamlFeatureOn(access.data, config.data?.socialProviders);
}

interface ItemProps {
  label: string;
  isCollapsed: boolean;
  onNavigate?: () => void;
}

function SidebarItem({ entry, scope, ...rest }: ItemProps & { entry: SidebarEntry; scope: { fleetId?: number; organizationId?: number } }) {
  const { t } = useTranslation();
  const { roles, failed } = useRolesState(scope);
  // Hidden only when the roles are known to lack the permission. If the role lookup failed,
  // the entry stays: its page then answers honestly (an error with Retry, or forbidden). A
  // settings entry that silently vanished would read as "you may not", which nobody said.
  if (!failed && entry.permission && (roles === null || !rolesHavePermission(roles, entry.permission))) return null;
  if (!failed && entry.hiddenForObservers && (roles === null || isObserverOnly(roles))) return null;
  return <SidebarLink to={entry.to} exact={entry.exact ?? false} Icon={ENTRY_ICONS[entry.labelKey] ?? DashboardIcon} badge={entry.badgeKey ? t(entry.badgeKey) : undefined} {...rest} />;
}

function SidebarLink({ to, exact, label, Icon, badge, isCollapsed, onNavigate }: ItemProps & { to: string; exact: boolean; Icon: ComponentType<{ fontSize?: 'small' }>; badge?: string }) {
  const link = (
    <ListItemButton
      component={Link}
      to={to}
      activeOptions={{ exact }}
      activeProps={{ className: 'Mui-selected', 'aria-current': 'page' }}
      onClick={onNavigate}
      sx={{ minHeight: 40, px: 2 }}
    >
      <ListItemIcon sx={{ minWidth: isCollapsed ? 0 : 40 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {/* Collapsed: the label stays the link's accessible name, and shows as a tooltip. */}
      <ListItemText primary={label} sx={isCollapsed ? VISUALLY_HIDDEN : undefined} />
      {badge && !isCollapsed && <Chip label={badge} size="small" variant="outlined" sx={{ ml: 1, height: 20, fontSize: '0.7rem' }} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {isCollapsed ? (
        <Tooltip title={label} placement="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </ListItem>
  );
}
