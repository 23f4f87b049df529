/**
 * Host OS versions as devices report them (`os_version`: "balenaOS 6.0.13", older "Resin OS
 * 2.12.0+rev1"), read as [major, minor, patch]. ESR versions have a year as their major.
 */
import { compareVersions, parseVersion, type Version } from './application-type-change.ts';

export interface OsVersion {
  major: number;
  minor: number;
  patch: number;
  parts: Version;
}

/** The version of an `os_version`, or null when it names none. */
export function parseOsVersion(osVersion: string | null | undefined): OsVersion | null {
  if (!osVersion) return null;
  const parts = parseVersion(osVersion.replace(/^\s*(balena\s*OS|resin\s*OS)\s*/i, ''));
  return parts ? { major: parts[0], minor: parts[1], patch: parts[2], parts } : null;
}

export function compareOsVersions(a: OsVersion, b: OsVersion): number {
  return compareVersions(a.parts, b.parts);
}
