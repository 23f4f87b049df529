import { applicationPath, CLASS_PREFIX, type ApplicationClass } from '@flotilla/core/application-class';
import { sidebarEntries, type SidebarContext } from './sidebar-entries.ts';

/**
 * The breadcrumb trail of the current page (accounts spec §2 "Sidebar … with breadcrumbs"):
 * the lists and the organization, fleet, device, member or team the page belongs to, then the
 * section (members, devices, …) when the page is not the entity's summary. The last crumb is
 * the current page. The names come from the same queries the sidebar uses; null while loading.
 */
export interface Breadcrumb {
  /** A fixed label (i18n key in the common namespace)… */
  labelKey?: string;
  /** …or the name of an entity, null until it is loaded. */
  name?: string | null;
  to: string;
  isCurrent: boolean;
}

export interface BreadcrumbNames {
  fleet?: string | null;
  device?: string | null;
  organization?: string | null;
  member?: string | null;
  team?: string | null;
  /** The release's version, on a release's pages. */
  release?: string | null;
}

type Crumb = Omit<Breadcrumb, 'isCurrent'>;

function underPath(pathname: string, to: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === to || path.startsWith(`${to}/`);
}

/** The sidebar section the page is in, other than the summary (e.g. Members of an organization). */
function sectionCrumb(context: SidebarContext, pathname: string): Crumb[] {
  const section = sidebarEntries(context).find((entry) => entry.labelKey !== 'sidebar.summary' && underPath(pathname, entry.to));
  return section ? [{ labelKey: section.labelKey, to: section.to }] : [];
}

const CLASS_LIST_LABEL = { fleet: 'sidebar.fleets', app: 'sidebar.apps', block: 'sidebar.blocks' } as const satisfies Record<ApplicationClass, string>;

function trail(context: SidebarContext, names: BreadcrumbNames): Crumb[] {
  switch (context.kind) {
    case 'home':
      return [];
    case 'fleet':
      return [
        { labelKey: CLASS_LIST_LABEL[context.applicationClass], to: `/${CLASS_PREFIX[context.applicationClass]}` },
        { name: names.fleet ?? null, to: applicationPath(context.applicationClass, context.fleetId) },
        // A release's pages sit under the fleet's releases: Fleets › fleet › Releases › 1.2.3 (› Settings).
        ...(context.releaseId !== undefined
          ? [
              { labelKey: 'sidebar.releases', to: applicationPath(context.applicationClass, context.fleetId, 'releases') },
              { name: names.release ?? null, to: `${applicationPath(context.applicationClass, context.fleetId, `releases/${context.releaseId}`)}/summary` },
            ]
          : []),
      ];
    case 'device':
      return [
        { labelKey: 'sidebar.fleets', to: '/fleets' },
        ...(context.fleetId !== null ? [{ name: names.fleet ?? null, to: `/fleets/${context.fleetId}` }] : []),
        { name: names.device ?? null, to: `/devices/${context.uuid}/summary` },
      ];
    case 'organization':
      return [
        { labelKey: 'sidebar.organizations', to: '/orgs' },
        { name: names.organization ?? null, to: `/orgs/${context.orgId}` },
      ];
    case 'member':
      return [
        { labelKey: 'sidebar.organizations', to: '/orgs' },
        { name: names.organization ?? null, to: `/orgs/${context.orgId}` },
        { labelKey: 'sidebar.members', to: `/orgs/${context.orgId}/members` },
        { name: names.member ?? null, to: `/orgs/${context.orgId}/members/${context.memberId}` },
      ];
    case 'team':
      return [
        { labelKey: 'sidebar.organizations', to: '/orgs' },
        { name: names.organization ?? null, to: `/orgs/${context.orgId}` },
        { labelKey: 'sidebar.teams', to: `/orgs/${context.orgId}/teams` },
        { name: names.team ?? null, to: `/orgs/${context.orgId}/teams/${context.teamId}` },
      ];
  }
}

export function breadcrumbTrail(context: SidebarContext, names: BreadcrumbNames, pathname: string): Breadcrumb[] {
  const crumbs = trail(context, names);
  if (crumbs.length === 0) return [];
  const all = [...crumbs, ...sectionCrumb(context, pathname)];
  return all.map((crumb, index) => ({ ...crumb, isCurrent: index === all.length - 1 }));
}
