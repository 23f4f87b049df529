/**
 * Host OS releases as clients read them (compat §6.4): releases of public host applications
 * (`is_host`), one application per device type and OS type, whose application tags say the
 * release policy (`release-policy`: default or esr) and, for ESR, which version ranges form the
 * next / current / sunset lines. The release line of a version (fleets spec §9 "Versions and OS
 * rules": next green, current teal, sunset yellow, outdated red) comes from the release's
 * `phase`, else from those ESR ranges — the reading balena-sdk's `os.getAvailableOsVersions`
 * makes, so the dashboard and the SDK show the same line.
 */
import * as bSemver from 'balena-semver';

export const OS_TYPES = ['default', 'esr'] as const;
export type OsType = (typeof OS_TYPES)[number];

export const OS_RELEASE_LINES = ['next', 'current', 'sunset', 'outdated'] as const;
export type OsReleaseLine = (typeof OS_RELEASE_LINES)[number];

/** The release phases the data model stores (release.phase). */
export const OS_RELEASE_PHASES = ['next', 'current', 'sunset', 'end-of-life'] as const;
export type OsReleasePhase = (typeof OS_RELEASE_PHASES)[number];

/** The host application tags (compat §6.4) and the one tag of ours (the takeover threshold). */
export const HOST_APP_TAGS = {
  releasePolicy: 'release-policy',
  esrNext: 'esr-next',
  esrCurrent: 'esr-current',
  esrSunset: 'esr-sunset',
  /** Updates crossing this version are takeovers on the application's device type (see os-update.ts). */
  minTakeoverVersion: 'flotilla-min-takeover-version',
  /** The changelog a version links to, `{version}` standing for its x.y.z (apps/api/reference-data/os-releases.json). */
  changelogUrl: 'flotilla-changelog-url',
} as const;

/** The release tag naming the non-ESR version an ESR release is based on (compat §6.4). */
export const BASED_ON_VERSION_TAG = 'meta-balena-base';

/** ESR OS versions have a year as their major (fleets spec §9): above 2000. */
export const ESR_MIN_MAJOR = 2000;

export interface Tag {
  tag_key: string;
  value: string;
}

/** What a host application's tags say about its releases. */
export interface HostAppPolicy {
  osType: OsType;
  esrRanges: { next?: string; current?: string; sunset?: string };
  minTakeoverVersion?: string;
  changelogUrl?: string;
}

/** One host OS release as the dashboard and the API's checks use it. */
export interface OsRelease {
  id: number;
  rawVersion: string;
  /** `prod`, `dev`, or '' for a unified release (one image for both variants). */
  variant: string;
  osType: OsType;
  line: OsReleaseLine | null;
  /** For an ESR release: the default-line version it was based on. */
  basedOnVersion: string | null;
  knownIssueList: string | null;
}

/** The host release as served (`$select=id,raw_version,variant,phase,known_issue_list`, `$expand=release_tag`). */
export interface HostReleaseRow {
  id: number;
  raw_version: string;
  variant: string;
  phase: string | null;
  known_issue_list?: string | null;
  release_tag?: readonly Tag[];
}

function tagValue(tags: readonly Tag[], key: string): string | undefined {
  return tags.find((t) => t.tag_key === key)?.value;
}

export function hostAppPolicy(tags: readonly Tag[]): HostAppPolicy {
  const policy = tagValue(tags, HOST_APP_TAGS.releasePolicy)?.toLowerCase();
  return {
    osType: policy === 'esr' ? 'esr' : 'default',
    esrRanges: { next: tagValue(tags, HOST_APP_TAGS.esrNext), current: tagValue(tags, HOST_APP_TAGS.esrCurrent), sunset: tagValue(tags, HOST_APP_TAGS.esrSunset) },
    minTakeoverVersion: tagValue(tags, HOST_APP_TAGS.minTakeoverVersion),
    changelogUrl: tagValue(tags, HOST_APP_TAGS.changelogUrl),
  };
}

/** The major of a version, or null when it names none. */
export function versionMajor(version: string | null | undefined): number | null {
  return version ? bSemver.major(version) : null;
}

export function isEsrVersion(version: string | null | undefined): boolean {
  return (versionMajor(version) ?? 0) > ESR_MIN_MAJOR;
}

/**
 * The release line: the phase when the release has one (end-of-life reads as outdated), else
 * the ESR range its version falls in (`^<range>`), else outdated for an ESR release outside
 * every range; null for a default-line release without a phase.
 */
export function osReleaseLine(phase: string | null, version: string, policy: HostAppPolicy): OsReleaseLine | null {
  if (phase === 'end-of-life') return 'outdated';
  if (phase === 'next' || phase === 'current' || phase === 'sunset') return phase;
  const { next, current, sunset } = policy.esrRanges;
  if (next && bSemver.satisfies(version, `^${next}`)) return 'next';
  if (current && bSemver.satisfies(version, `^${current}`)) return 'current';
  if (sunset && bSemver.satisfies(version, `^${sunset}`)) return 'sunset';
  return policy.osType === 'esr' ? 'outdated' : null;
}

/** The version without its variant build part (`2.115.1+rev1.prod` → `2.115.1+rev1`). */
export function versionWithoutVariant(version: string): string {
  return version.replace(/[.+](prod|dev)$/, '');
}

/** A host application's releases, read with its policy; newest first. */
export function osReleasesOf(rows: readonly HostReleaseRow[], policy: HostAppPolicy): OsRelease[] {
  return rows
    .filter((r) => bSemver.valid(r.raw_version) !== null)
    .map((r) => ({
      id: r.id,
      rawVersion: r.raw_version,
      variant: r.variant,
      osType: policy.osType,
      line: osReleaseLine(r.phase, versionWithoutVariant(r.raw_version), policy),
      basedOnVersion: tagValue(r.release_tag ?? [], BASED_ON_VERSION_TAG) ?? null,
      knownIssueList: r.known_issue_list ?? null,
    }))
    .sort((a, b) => bSemver.rcompare(a.rawVersion, b.rawVersion));
}

/**
 * The device's OS version as a semver with its variant as a build part (`balenaOS 6.0.0` + prod
 * → `6.0.0+prod`), the form the update rules compare; null when it names no version.
 */
export function deviceOsSemver(osVersion: string | null, osVariant: string | null): string | null {
  const parsed = osVersion ? bSemver.parse(osVersion) : null;
  if (!parsed) return null;
  const build = [...parsed.build];
  if (osVariant && ![...build, ...parsed.prerelease.map(String)].includes(osVariant)) build.push(osVariant);
  return build.length > 0 ? `${parsed.version}+${build.join('.')}` : parsed.version;
}

/** The same version, variant aside (a unified release matches either variant). */
export function isSameOsVersion(a: string, b: string): boolean {
  return bSemver.compare(versionWithoutVariant(a), versionWithoutVariant(b)) === 0;
}

/** The release the device runs, among the releases of its type (same version; same variant unless unified). */
export function runningOsRelease(osVersion: string | null, osVariant: string | null, releases: readonly OsRelease[]): OsRelease | null {
  const current = deviceOsSemver(osVersion, osVariant);
  if (!current) return null;
  const same = releases.filter((r) => isSameOsVersion(r.rawVersion, current));
  return same.find((r) => r.variant === osVariant) ?? same.find((r) => r.variant === '') ?? same[0] ?? null;
}

/** The semver parts of a release version (`2.115.1+rev1.prod`), or null when it is not one. */
export function releaseVersionParts(rawVersion: string): { version: string; major: number; minor: number; patch: number; prerelease: string; build: string } | null {
  const parsed = bSemver.valid(rawVersion) !== null ? bSemver.parse(rawVersion) : null;
  if (!parsed) return null;
  return { version: parsed.version, major: parsed.major, minor: parsed.minor, patch: parsed.patch, prerelease: parsed.prerelease.join('.'), build: parsed.build.join('.') };
}

/** The changelog link of a version (`{version}` → x.y.z), or null without a template or a readable version. */
export function osChangelogUrl(template: string | undefined, version: string | null): string | null {
  const parsed = template && version ? bSemver.parse(version) : null;
  return template && parsed ? template.replaceAll('{version}', parsed.version) : null;
}
