/**
 * The three classes of application (fleets spec §1, §2 "Route table"): fleets, apps and blocks
 * share one data model (`application.is_of__class`) and one set of pages under their own URL
 * prefix; apps and blocks have no devices, variables, configuration or provisioning keys.
 * Written once here for the dashboard's routes, sidebar and links.
 */
export const APPLICATION_CLASSES = ['fleet', 'app', 'block'] as const;
export type ApplicationClass = (typeof APPLICATION_CLASSES)[number];

/** The URL prefix of each class: /fleets, /apps, /blocks. */
export const CLASS_PREFIX = { fleet: 'fleets', app: 'apps', block: 'blocks' } as const satisfies Record<ApplicationClass, string>;
export type ClassPrefix = (typeof CLASS_PREFIX)[ApplicationClass];

/** The class a URL's first segment names, or null when it names none. */
export function classOfPrefix(prefix: string): ApplicationClass | null {
  for (const cls of APPLICATION_CLASSES) if (CLASS_PREFIX[cls] === prefix) return cls;
  return null;
}

/** The pages under /{prefix}/{id}: the last path segment, '' for the summary. */
export const APPLICATION_PAGES = ['', 'devices', 'releases', 'envvars', 'config', 'settings', 'api-keys', 'members', 'teams', 'logs'] as const;
export type ApplicationPage = (typeof APPLICATION_PAGES)[number];

/** Pages only fleets have (fleets spec §2: "same as fleets but without devices, envvars, config or api-keys"). */
const FLEET_ONLY_PAGES: ReadonlySet<ApplicationPage> = new Set(['devices', 'envvars', 'config', 'api-keys', 'logs']);

export function classHasPage(cls: ApplicationClass, page: ApplicationPage): boolean {
  return cls === 'fleet' || !FLEET_ONLY_PAGES.has(page);
}

/** `/fleets/12`, `/blocks/7/settings`: an application's page under its class prefix. */
export function applicationPath(cls: ApplicationClass, id: number, page: ApplicationPage | `releases/${number}` = ''): string {
  const base = `/${CLASS_PREFIX[cls]}/${id}`;
  return page === '' ? base : `${base}/${page}`;
}

/**
 * The same URL under the class's own prefix (fleets spec §2 "a wrong class prefix redirects to
 * the correct prefix"): `/apps/12/settings?x` for an app reached as `/fleets/12/settings?x`; null
 * when the prefix is already right. A page the class has not got leads to its summary.
 */
export function correctClassHref(cls: ApplicationClass, href: string): string | null {
  const match = /^\/([^/?#]+)\/(\d+)(\/[^?#]*)?([?#].*)?$/.exec(href);
  if (!match) return null;
  const [, prefix, id, rest = '', tail = ''] = match;
  if (prefix === CLASS_PREFIX[cls]) return null;
  const page = rest.split('/')[1] ?? '';
  const keep = (APPLICATION_PAGES as readonly string[]).includes(page) && classHasPage(cls, page as ApplicationPage);
  return `/${CLASS_PREFIX[cls]}/${id}${keep ? rest : ''}${keep ? tail : ''}`;
}
