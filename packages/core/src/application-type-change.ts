/**
 * Which application types a fleet may change to (fleets spec §4 "Fleet type change
 * availability"): ok (selectable), no version discontinued (unavailable), no version upcoming
 * (coming soon), needs plan upgrade (paid only), needs multicontainer support (unavailable).
 * Only ok is selectable. The API checks resin.application.change-type on the fleet.
 */
export const TYPE_CHANGE_AVAILABILITIES = ['ok', 'noVersionDiscontinued', 'noVersionUpcoming', 'needsPlanUpgrade', 'needsMulticontainer'] as const;
export type TypeChangeAvailability = (typeof TYPE_CHANGE_AVAILABILITIES)[number];

export interface ApplicationTypeForChange {
  requires_payment: boolean;
  supports_multicontainer: boolean;
  /** A semver range of host OS versions the type needs (`>=2.12.0`), or null for any. */
  needs__os_version_range: string | null;
  /** Legacy (classic) types are no longer offered: they count as discontinued. */
  is_legacy?: boolean;
}

export interface TypeChangeContext {
  /** Whether the fleet's organization is on a paid plan. */
  isPaidOrganization: boolean;
  /** Whether the fleet runs more than one service (its releases need multicontainer support). */
  needsMulticontainer: boolean;
  /**
   * The host OS versions published for the fleet's device type, or null when none are known:
   * then the version range cannot rule a type out.
   */
  osVersions: readonly string[] | null;
}

export type Version = readonly [number, number, number];

/** `2.12.0`, `v2.12.0`, `2.12.0+rev1` → [2, 12, 0]; null when it is not a version. */
export function parseVersion(text: string): Version | null {
  const m = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  if (!m) return null;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

interface Comparator {
  op: '>=' | '>' | '<=' | '<' | '=';
  version: Version;
}

/** A range as alternatives (`||`) of comparator sets (space-separated, all must hold). */
function parseRange(range: string): Comparator[][] | null {
  const alternatives = range.split('||').map((part) =>
    part
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((token): Comparator | null => {
        const m = /^(>=|<=|>|<|=)?(.+)$/.exec(token);
        const version = m ? parseVersion(m[2]!) : null;
        return m && version ? { op: (m[1] ?? '=') as Comparator['op'], version } : null;
      }),
  );
  if (alternatives.some((set) => set.length === 0 || set.some((c) => c === null))) return null;
  return alternatives as Comparator[][];
}

function holds(c: Comparator, v: Version): boolean {
  const d = compareVersions(v, c.version);
  switch (c.op) {
    case '>=': return d >= 0;
    case '>': return d > 0;
    case '<=': return d <= 0;
    case '<': return d < 0;
    case '=': return d === 0;
  }
}

export type RangeMatch = 'match' | 'allBelow' | 'notAllBelow';

/**
 * How a list of versions meets a range: one of them satisfies it ('match'); none does and every
 * one is too old for it, so a future version could ('allBelow'); or none does and some are past
 * it ('notAllBelow').
 */
export function matchVersions(range: string, versions: readonly string[]): RangeMatch {
  const parsed = parseRange(range);
  const list = versions.map(parseVersion).filter((v): v is Version => v !== null);
  if (!parsed) return 'notAllBelow';
  if (list.some((v) => parsed.some((set) => set.every((c) => holds(c, v))))) return 'match';
  const tooOld = (v: Version) => parsed.every((set) => set.some((c) => (c.op === '>=' || c.op === '>' || c.op === '=') && compareVersions(v, c.version) < 0));
  return list.length > 0 && list.every(tooOld) ? 'allBelow' : 'notAllBelow';
}

/** The availability of one application type for the fleet. */
export function applicationTypeAvailability(type: ApplicationTypeForChange, context: TypeChangeContext): TypeChangeAvailability {
  if (type.is_legacy === true) return 'noVersionDiscontinued';
  const range = type.needs__os_version_range?.trim();
  if (range && context.osVersions !== null && context.osVersions.length > 0) {
    const match = matchVersions(range, context.osVersions);
    if (match === 'allBelow') return 'noVersionUpcoming';
    if (match === 'notAllBelow') return 'noVersionDiscontinued';
  }
  if (type.requires_payment && !context.isPaidOrganization) return 'needsPlanUpgrade';
  if (!type.supports_multicontainer && context.needsMulticontainer) return 'needsMulticontainer';
  return 'ok';
}

export const isTypeChangeSelectable = (availability: TypeChangeAvailability): boolean => availability === 'ok';
