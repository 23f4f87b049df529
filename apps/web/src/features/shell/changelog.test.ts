import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage.ts';
import {
  compareVersions,
  LAST_VIEWED_MAJOR_KEY,
  latestMajor,
  parseChangelog,
  plainInline,
  readLastViewedMajor,
  shouldOpenChangelog,
  writeLastViewedMajor,
} from './changelog.ts';

const SAMPLE = `# Changelog

Preamble that is not a version.

## 2.1.0 - 2026-11-20

### Teams
- Teams with **members** and
  their fleets.
- See the [docs](https://example.org) and \`npm start\`.

A closing paragraph
on two lines.

## v2.0.0

- Organizations

## 10.0.0
## 1.0.0: first release
Plain <script>alert(1)</script> text.
`;

describe('parseChangelog', () => {
  const entries = parseChangelog(SAMPLE);

  it('reads every "## x.y.z" section in file order, with the note after the version', () => {
    expect(entries.map((e) => [e.version, e.major, e.note])).toEqual([
      ['2.1.0', 2, '2026-11-20'],
      ['2.0.0', 2, ''],
      ['10.0.0', 10, ''],
      ['1.0.0', 1, 'first release'],
    ]);
  });

  it('keeps subheadings, bullets (with continuation lines) and paragraphs as text', () => {
    expect(entries[0]?.blocks).toEqual([
      { kind: 'heading', text: 'Teams' },
      { kind: 'list', items: ['Teams with members and their fleets.', 'See the docs and npm start.'] },
      { kind: 'paragraph', text: 'A closing paragraph on two lines.' },
    ]);
    expect(entries[2]?.blocks).toEqual([]);
  });

  it('leaves markup as plain text, never as HTML', () => {
    expect(entries[3]?.blocks).toEqual([{ kind: 'paragraph', text: 'Plain <script>alert(1)</script> text.' }]);
  });

  it('finds nothing in a file without versions', () => {
    expect(parseChangelog('# Changelog\n\nNothing yet.')).toEqual([]);
    expect(latestMajor([])).toBeNull();
  });

  it('reduces inline markdown to its words', () => {
    expect(plainInline('**Bold**, _em_, `code` and [a link](https://x.org) ')).toBe('Bold, em, code and a link');
    expect(plainInline('snake_case_names stay')).toBe('snake_case_names stay');
  });
});

describe('versions', () => {
  it('compares numerically, not as text', () => {
    const v = (major: number, minor = 0, patch = 0) => ({ major, minor, patch });
    expect(compareVersions(v(10), v(9))).toBe(1);
    expect(compareVersions(v(2, 1), v(2, 10))).toBe(-1);
    expect(compareVersions(v(2, 1, 3), v(2, 1, 3))).toBe(0);
    expect(latestMajor(parseChangelog(SAMPLE))).toBe(10);
  });

  it('opens the dialog only when the stored major is lower than the latest', () => {
    expect(shouldOpenChangelog(1, 2)).toBe(true);
    expect(shouldOpenChangelog(0, 4)).toBe(true);
    expect(shouldOpenChangelog(2, 2)).toBe(false);
    expect(shouldOpenChangelog(3, 2)).toBe(false);
    // Never viewed (nothing stored): no catching up, the caller stores the latest major instead.
    expect(shouldOpenChangelog(null, 2)).toBe(false);
    expect(shouldOpenChangelog(1, null)).toBe(false);
  });

  it('remembers the last viewed major and ignores anything else stored under its key', () => {
    const storage = memoryStorage();
    expect(readLastViewedMajor(storage)).toBeNull();
    writeLastViewedMajor(4, storage);
    expect(storage.entries.get(LAST_VIEWED_MAJOR_KEY)).toBe('4');
    expect(readLastViewedMajor(storage)).toBe(4);
    expect(readLastViewedMajor(memoryStorage({ [LAST_VIEWED_MAJOR_KEY]: 'four' }))).toBeNull();
    expect(readLastViewedMajor(memoryStorage({ [LAST_VIEWED_MAJOR_KEY]: '-1' }))).toBeNull();
    expect(readLastViewedMajor(null)).toBeNull();
  });
});
