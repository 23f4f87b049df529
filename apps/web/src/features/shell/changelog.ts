import { browserStorage, storeItem, type KeyValueStorage } from '../../lib/browser-storage.ts';

/**
 * The changelog the build ships at /CHANGELOG.md (accounts spec §2 "changelog button and
 * dialog", §4 "Changelog dialog opens if stored last-viewed major version is lower than the
 * latest major"). Versions are `## x.y.z` sections; inside them `### ` subheadings, `- ` bullets
 * and plain paragraphs. Everything is rendered as text: no HTML from the file reaches the page.
 */

export type ChangelogBlock = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

export interface ChangelogEntry {
  version: string;
  major: number;
  minor: number;
  patch: number;
  /** What follows the version on its heading line (a date, a name), if anything. */
  note: string;
  blocks: ChangelogBlock[];
}

const VERSION_HEADING = /^##\s+v?(\d+)\.(\d+)\.(\d+)\s*(?:[-–—:]\s*)?(.*)$/;

/** Inline markdown reduced to its text: `**bold**`, `_em_`, `code` and [links](url) keep their words only. */
export function plainInline(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/__([^_]+)__/g, '$1')
    .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .trim();
}

/** The version sections of the file, newest first as written; text before the first one is the file's preamble and is skipped. */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const current = () => entries.at(-1);
  const flush = () => {
    const entry = current();
    if (entry && paragraph.length > 0) entry.blocks.push({ kind: 'paragraph', text: plainInline(paragraph.join(' ')) });
    if (entry && list && list.length > 0) entry.blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };

  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const version = VERSION_HEADING.exec(line);
    if (version) {
      flush();
      const [, major = '0', minor = '0', patch = '0', note = ''] = version;
      entries.push({ version: `${major}.${minor}.${patch}`, major: Number(major), minor: Number(minor), patch: Number(patch), note: plainInline(note), blocks: [] });
      continue;
    }
    if (!current()) continue;
    if (line === '') {
      flush();
    } else if (/^#{3,6}\s+/.test(line)) {
      flush();
      current()?.blocks.push({ kind: 'heading', text: plainInline(line.replace(/^#{3,6}\s+/, '')) });
    } else if (/^[-*+]\s+/.test(line)) {
      if (paragraph.length > 0) flush();
      list ??= [];
      list.push(plainInline(line.replace(/^[-*+]\s+/, '')));
    } else if (list && /^\s{2,}\S/.test(raw)) {
      // A continuation line of the last bullet.
      list[list.length - 1] = `${list[list.length - 1] ?? ''} ${plainInline(line)}`.trim();
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return entries;
}

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: Pick<ChangelogEntry, 'major' | 'minor' | 'patch'>, b: Pick<ChangelogEntry, 'major' | 'minor' | 'patch'>): number {
  return Math.sign(a.major - b.major || a.minor - b.minor || a.patch - b.patch);
}

/** The highest major version in the changelog, or null when it has none. */
export function latestMajor(entries: readonly ChangelogEntry[]): number | null {
  return entries.length === 0 ? null : Math.max(...entries.map((entry) => entry.major));
}

/**
 * Whether the dialog opens by itself: only when the browser has seen an older major. A browser
 * that never stored one (a new user, cleared site data) has nothing new to catch up on: the
 * caller records the latest major for it instead, so the dialog opens at the next major.
 */
export function shouldOpenChangelog(lastViewedMajor: number | null, latest: number | null): boolean {
  return latest !== null && lastViewedMajor !== null && lastViewedMajor < latest;
}

export const LAST_VIEWED_MAJOR_KEY = 'flotilla.changelog.lastViewedMajor';

export function readLastViewedMajor(storage: KeyValueStorage | null = browserStorage()): number | null {
  const raw = storage?.getItem(LAST_VIEWED_MAJOR_KEY) ?? null;
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : null;
}

export function writeLastViewedMajor(major: number, storage: KeyValueStorage | null = browserStorage()): void {
  storeItem(storage, LAST_VIEWED_MAJOR_KEY, String(major));
}
