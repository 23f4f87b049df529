/**
 * A release's assets (release_asset: asset_key, asset with href and size) as a tree by the
 * key's path segments (fleets spec §2 "assets tree"): `docs/manual.pdf` is the file
 * `manual.pdf` in the folder `docs`. Folders come before files, each sorted by name; empty
 * segments (`a//b`, a leading or trailing `/`) are ignored.
 */

export interface AssetFile {
  kind: 'file';
  name: string;
  /** The full asset_key. */
  key: string;
  href: string | null;
  size: number | null;
}

export interface AssetFolder {
  kind: 'folder';
  name: string;
  /** The folder's path, for React keys and ids. */
  path: string;
  children: AssetNode[];
}

export type AssetNode = AssetFile | AssetFolder;

interface AssetInput {
  asset_key: string;
  asset: { href?: string; size?: number } | null;
}

export function buildAssetTree(assets: readonly AssetInput[]): AssetNode[] {
  const root: AssetFolder = { kind: 'folder', name: '', path: '', children: [] };
  for (const item of assets) {
    const segments = item.asset_key.split('/').filter((s) => s !== '');
    if (segments.length === 0) continue;
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      const path = folder.path === '' ? segment : `${folder.path}/${segment}`;
      let next = folder.children.find((c): c is AssetFolder => c.kind === 'folder' && c.name === segment);
      if (!next) {
        next = { kind: 'folder', name: segment, path, children: [] };
        folder.children.push(next);
      }
      folder = next;
    }
    folder.children.push({ kind: 'file', name: segments.at(-1) ?? item.asset_key, key: item.asset_key, href: safeHref(item.asset?.href), size: item.asset?.size ?? null });
  }
  sortTree(root.children);
  return root.children;
}

/** Only web links are followed: an asset's href is written by whoever made the release, and a `javascript:` one must not run in a reader's session. */
function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function sortTree(nodes: AssetNode[]): void {
  nodes.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
  for (const node of nodes) if (node.kind === 'folder') sortTree(node.children);
}
