import { applicationPath, CLASS_PREFIX, classOfPrefix, type ApplicationClass } from '@flotilla/core/application-class';

/**
 * Sidebar entries (fleets spec §2 "Sidebar entries", accounts spec §2 "Sidebar") for the
 * screens that exist. Each entry can require a permission or be hidden for observer-only
 * users; the Sidebar resolves those with useCan before rendering.
 */

export interface SidebarEntry {
  /** i18n key in the common namespace. */
  labelKey: string;
  to: string;
  /** Exact match for highlighting (summary pages are the parent path). */
  exact?: boolean;
  permission?: string;
  hiddenForObservers?: boolean;
  /** Shown only when the display-apps experimental flag is on (accounts spec §2). */
  appsOnly?: boolean;
  /** A badge after the label (accounts spec §2: apps carry an alpha badge); an i18n key in common. */
  badgeKey?: string;
  /** Shown only when the SAML feature is on for the user and the deployment (accounts spec §2). */
  samlOnly?: boolean;
}

export type SidebarContext =
  | { kind: 'home' }
  /** With `releaseId`, a release's pages under the fleet. */
  | { kind: 'fleet'; applicationClass: ApplicationClass; fleetId: number; releaseId?: number }
  | { kind: 'device'; uuid: string; fleetId: number | null }
  | { kind: 'organization'; orgId: number }
  | { kind: 'member'; orgId: number; memberId: number }
  | { kind: 'team'; orgId: number; teamId: number };

/** Summary, fleets, apps, blocks under one base path: the shape every organization-level sidebar starts with. */
function applicationEntries(base: string): SidebarEntry[] {
  return [
    { labelKey: 'sidebar.summary', to: base, exact: true },
    { labelKey: 'sidebar.fleets', to: `${base}/fleets` },
    { labelKey: 'sidebar.apps', to: `${base}/apps`, appsOnly: true },
    { labelKey: 'sidebar.blocks', to: `${base}/blocks` },
  ];
}

export function sidebarEntries(context: SidebarContext): SidebarEntry[] {
  switch (context.kind) {
    case 'home':
      return [
        { labelKey: 'sidebar.fleets', to: '/fleets' },
        { labelKey: 'sidebar.apps', to: '/apps', appsOnly: true, badgeKey: 'sidebar.alpha' },
        { labelKey: 'sidebar.blocks', to: '/blocks' },
        { labelKey: 'sidebar.organizations', to: '/orgs' },
        { labelKey: 'sidebar.identityProvider', to: '/identity-provider', samlOnly: true },
      ];
    case 'organization':
      return [
        ...applicationEntries(`/orgs/${context.orgId}`),
        { labelKey: 'sidebar.members', to: `/orgs/${context.orgId}/members` },
        { labelKey: 'sidebar.teams', to: `/orgs/${context.orgId}/teams` },
        { labelKey: 'sidebar.billing', to: `/orgs/${context.orgId}/billing`, permission: 'resin.organization.access_billing' },
        { labelKey: 'sidebar.credits', to: `/orgs/${context.orgId}/credits`, permission: 'resin.organization.access_billing' },
      ];
    case 'member':
      return [
        ...applicationEntries(`/orgs/${context.orgId}/members/${context.memberId}`),
        { labelKey: 'sidebar.teams', to: `/orgs/${context.orgId}/members/${context.memberId}/teams` },
      ];
    case 'team':
      return [
        ...applicationEntries(`/orgs/${context.orgId}/teams/${context.teamId}`),
        { labelKey: 'sidebar.members', to: `/orgs/${context.orgId}/teams/${context.teamId}/members` },
      ];
    case 'fleet':
      if (context.releaseId !== undefined) return releasePageEntries(context.applicationClass, context.fleetId, context.releaseId);
      return applicationPageEntries(context.applicationClass, context.fleetId);
    case 'device':
      return [
        // In the spec's order (fleets spec §2 Sidebar entries).
        { labelKey: 'sidebar.summary', to: `/devices/${context.uuid}/summary` },
        { labelKey: 'variables:sidebarEntry', to: `/devices/${context.uuid}/envvars` },
        { labelKey: 'configuration:sidebarEntry', to: `/devices/${context.uuid}/config` },
        { labelKey: 'sidebar.actions', to: `/devices/${context.uuid}/actions` },
        // Device settings are hidden for observers, as a fleet's are.
        { labelKey: 'sidebar.settings', to: `/devices/${context.uuid}/settings`, hiddenForObservers: true },
        { labelKey: 'deviceDiagnostics:sidebarEntry', to: `/devices/${context.uuid}/diagnostics`, permission: 'resin.device.access_diagnostics' },
        { labelKey: 'sidebar.location', to: `/devices/${context.uuid}/location` },
        ...(context.fleetId !== null ? [{ labelKey: 'sidebar.devices', to: `/fleets/${context.fleetId}/devices`, exact: true }] : []),
      ];
  }
}

const ALL_OF_CLASS = { fleet: 'sidebar.allFleets', app: 'sidebar.allApps', block: 'sidebar.allBlocks' } as const satisfies Record<ApplicationClass, string>;

/**
 * A fleet's, app's or block's pages (fleets spec §2 "Sidebar entries"): fleets have all of them;
 * blocks summary, releases, settings, members, teams; apps the same, members and teams only for
 * those who manage the app (the spec's "some access roles": we read it as the roles holding
 * resin.application.update). Settings are hidden for observers; provisioning keys need
 * resin.api_key.read.
 */
function applicationPageEntries(cls: ApplicationClass, id: number): SidebarEntry[] {
  const entries: SidebarEntry[] = [{ labelKey: 'sidebar.summary', to: applicationPath(cls, id), exact: true }];
  if (cls === 'fleet') entries.push({ labelKey: 'sidebar.devices', to: applicationPath(cls, id, 'devices') });
  // The fleet's live log tail (its own namespace: the entry belongs to the device-logs feature).
  if (cls === 'fleet') entries.push({ labelKey: 'deviceLogs:sidebarEntry', to: applicationPath(cls, id, 'logs') });
  entries.push({ labelKey: 'sidebar.releases', to: applicationPath(cls, id, 'releases') });
  if (cls === 'fleet') entries.push({ labelKey: 'variables:sidebarEntry', to: applicationPath(cls, id, 'envvars') });
  if (cls === 'fleet') entries.push({ labelKey: 'configuration:sidebarEntry', to: applicationPath(cls, id, 'config') });
  entries.push({ labelKey: 'sidebar.settings', to: applicationPath(cls, id, 'settings'), hiddenForObservers: true });
  if (cls === 'fleet') entries.push({ labelKey: 'sidebar.apiKeys', to: applicationPath(cls, id, 'api-keys'), permission: 'resin.api_key.read' });
  const membership = cls === 'app' ? { permission: 'resin.application.update' } : {};
  entries.push({ labelKey: 'sidebar.members', to: applicationPath(cls, id, 'members'), ...membership });
  entries.push({ labelKey: 'sidebar.teams', to: applicationPath(cls, id, 'teams'), ...membership });
  return entries;
}

/** A release's pages (fleets spec §2 "Sidebar entries"): summary and settings; settings are hidden for observers. */
function releasePageEntries(cls: ApplicationClass, id: number, releaseId: number): SidebarEntry[] {
  const base = applicationPath(cls, id, `releases/${releaseId}`);
  return [
    { labelKey: 'sidebar.summary', to: `${base}/summary` },
    { labelKey: 'sidebar.settings', to: `${base}/settings`, hiddenForObservers: true },
  ];
}

/**
 * Where the sidebar's "back" link leads: the list the current page belongs to, so a team or a
 * member page leads back to its organization's teams or members, not all the way to /orgs.
 */
export function sidebarBackLink(context: SidebarContext): { labelKey: string; to: string } | null {
  switch (context.kind) {
    case 'home':
      return null;
    case 'fleet':
      // A release's pages lead back to the fleet's releases.
      if (context.releaseId !== undefined) return { labelKey: 'sidebar.allReleases', to: applicationPath(context.applicationClass, context.fleetId, 'releases') };
      return { labelKey: ALL_OF_CLASS[context.applicationClass], to: `/${CLASS_PREFIX[context.applicationClass]}` };
    case 'device':
      return { labelKey: 'sidebar.allFleets', to: '/fleets' };
    case 'organization':
      return { labelKey: 'sidebar.allOrganizations', to: '/orgs' };
    case 'member':
      return { labelKey: 'sidebar.allMembers', to: `/orgs/${context.orgId}/members` };
    case 'team':
      return { labelKey: 'sidebar.allTeams', to: `/orgs/${context.orgId}/teams` };
  }
}

/** Accounts spec §2: no sidebar on verify-email, signup/profile and preferences. */
const PAGES_WITHOUT_SIDEBAR = ['/preferences', '/signup/profile', '/user/verify-email'];

export function hasSidebar(pathname: string): boolean {
  return !PAGES_WITHOUT_SIDEBAR.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Which sidebar to show for the current route params. */
export function sidebarContext(
  params: { fleetClass?: string; fleetId?: string; releaseId?: string; uuid?: string; orgId?: string; memberId?: string; teamId?: string },
  deviceFleetId: number | null,
): SidebarContext {
  if (params.uuid) return { kind: 'device', uuid: params.uuid, fleetId: deviceFleetId };
  const orgId = numeric(params.orgId);
  if (orgId !== null) {
    const memberId = numeric(params.memberId);
    if (memberId !== null) return { kind: 'member', orgId, memberId };
    const teamId = numeric(params.teamId);
    if (teamId !== null) return { kind: 'team', orgId, teamId };
    return { kind: 'organization', orgId };
  }
  const fleetId = numeric(params.fleetId);
  const applicationClass = classOfPrefix(params.fleetClass ?? 'fleets');
  if (fleetId !== null && applicationClass) {
    const releaseId = numeric(params.releaseId);
    return releaseId !== null ? { kind: 'fleet', applicationClass, fleetId, releaseId } : { kind: 'fleet', applicationClass, fleetId };
  }
  return { kind: 'home' };
}

function numeric(raw: string | undefined): number | null {
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}
