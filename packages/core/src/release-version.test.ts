import { describe, expect, it } from 'vitest';
import {
  REVISION_MISMATCH,
  formatSemver,
  fromColumns,
  nextRevision,
  parseSemver,
  rawVersion,
  revisionMismatch,
  revisionsInBuild,
  sameVersionLine,
  type VersionedRelease,
} from './release-version.ts';

const created = '2026-01-02T03:04:05.678Z';
const ms = Date.parse(created);
const release = (over: Partial<VersionedRelease>): VersionedRelease => ({
  major: 0,
  minor: 0,
  patch: 0,
  prerelease: '',
  build: '',
  variant: '',
  revision: 0,
  created_at: created,
  ...over,
});

describe('parseSemver', () => {
  it('splits a full semantic version into its parts', () => {
    expect(parseSemver('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: '', build: '' });
    expect(parseSemver('1.2.3-beta.1+build.5')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: 'beta.1', build: 'build.5' });
    expect(parseSemver('v10.0.0')).toEqual({ major: 10, minor: 0, patch: 0, prerelease: '', build: '' });
  });
  it('refuses what is not a semantic version', () => {
    for (const v of ['', '1', '1.2', '1.2.3.4', '01.2.3', '1.2.3-', '1.2.3+', '1.2.3-01', 'latest', '1.2.3 beta']) {
      expect(parseSemver(v), v).toBeNull();
    }
  });
  it('formats back to the same text', () => {
    for (const v of ['0.0.0', '1.2.3-rc.1', '1.2.3+build.7', '4.5.6-alpha+sha.abc']) expect(formatSemver(parseSemver(v)!)).toBe(v);
  });
});

describe('rawVersion', () => {
  it('is the bare version for revision 0 and adds +revN after', () => {
    expect(rawVersion(release({ major: 1 }))).toBe('1.0.0');
    expect(rawVersion(release({ major: 1, revision: 2 }))).toBe('1.0.0+rev2');
  });
  it("gives a draft its creation time in ms as prerelease", () => {
    expect(rawVersion(release({ revision: null }))).toBe(`0.0.0-${ms}`);
    expect(rawVersion(release({ major: 2, prerelease: 'beta', revision: null }))).toBe(`2.0.0-beta.${ms}`);
  });
  it('appends build metadata and the variant, without repeating a revision the build names', () => {
    expect(rawVersion(release({ major: 1, revision: 1, variant: 'dev' }))).toBe('1.0.0+rev1.dev');
    expect(rawVersion(release({ major: 1, revision: 0, variant: 'prod' }))).toBe('1.0.0+prod');
    expect(rawVersion(release({ major: 1, build: 'build.5', revision: 3 }))).toBe('1.0.0+build.5.rev3');
    expect(rawVersion(release({ major: 1, build: 'rev3', revision: 3 }))).toBe('1.0.0+rev3');
    expect(rawVersion(release({ major: 1, prerelease: 'rc.1', revision: null, variant: 'dev' }))).toBe(`1.0.0-rc.1.${ms}+dev`);
  });
  it('reads stored columns', () => {
    const r = fromColumns({ semver_major: 3, semver_minor: 1, semver_patch: 4, semver_prerelease: '', semver_build: '', variant: '', revision: 1, created_at: created });
    expect(rawVersion(r)).toBe('3.1.4+rev1');
  });
});

describe('revisions', () => {
  it('counts on from the highest taken revision, drafts ignored', () => {
    expect(nextRevision([])).toBe(0);
    expect(nextRevision([null, undefined])).toBe(0);
    expect(nextRevision([0, 2, 1, null])).toBe(3);
  });
  it('reads rev<N> out of build metadata and refuses a different one', () => {
    expect(revisionsInBuild('build.rev4.x')).toEqual([4]);
    expect(revisionsInBuild('')).toEqual([]);
    expect(revisionMismatch('rev2', 2)).toBeNull();
    expect(revisionMismatch('rev2', 3)).toBe(REVISION_MISMATCH);
    expect(revisionMismatch('build.9', 0)).toBeNull();
  });
  it('counts revisions within the same core and prerelease', () => {
    const a = parseSemver('1.2.3')!;
    expect(sameVersionLine(a, parseSemver('1.2.3+build')!)).toBe(true);
    expect(sameVersionLine(a, parseSemver('1.2.3-rc')!)).toBe(false);
    expect(sameVersionLine(a, parseSemver('1.2.4')!)).toBe(false);
  });
});
