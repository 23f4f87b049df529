import { describe, expect, it } from 'vitest';
import { buildAssetTree } from './asset-tree.ts';

describe('buildAssetTree', () => {
  it('nests assets by the path segments of their key, folders first, by name', () => {
    const tree = buildAssetTree([
      { asset_key: 'readme.txt', asset: { href: 'https://x/readme', size: 10 } },
      { asset_key: 'docs/manual.pdf', asset: { href: 'https://x/manual', size: 2048 } },
      { asset_key: 'docs/img/logo.png', asset: null },
      { asset_key: 'a.bin', asset: { size: 1 } },
    ]);
    expect(tree.map((n) => `${n.kind}:${n.name}`)).toEqual(['folder:docs', 'file:a.bin', 'file:readme.txt']);
    const docs = tree[0];
    expect(docs?.kind === 'folder' && docs.children.map((n) => `${n.kind}:${n.name}`)).toEqual(['folder:img', 'file:manual.pdf']);
    expect(docs?.kind === 'folder' && docs.children[1]).toEqual({ kind: 'file', name: 'manual.pdf', key: 'docs/manual.pdf', href: 'https://x/manual', size: 2048 });
    const img = docs?.kind === 'folder' ? docs.children[0] : undefined;
    expect(img?.kind === 'folder' && img.path).toBe('docs/img');
    expect(img?.kind === 'folder' && img.children[0]).toEqual({ kind: 'file', name: 'logo.png', key: 'docs/img/logo.png', href: null, size: null });
  });

  it('ignores empty segments and keys, and merges a folder named twice', () => {
    const tree = buildAssetTree([
      { asset_key: '/x//y.txt', asset: null },
      { asset_key: 'x/z.txt', asset: null },
      { asset_key: '/', asset: null },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.kind === 'folder' && tree[0].children.map((c) => c.name)).toEqual(['y.txt', 'z.txt']);
  });

  it('keeps only web links as hrefs', () => {
    const tree = buildAssetTree([
      { asset_key: 'a', asset: { href: 'javascript:alert(1)' } },
      { asset_key: 'b', asset: { href: '/v7/asset/1' } },
      { asset_key: 'c', asset: { href: 'https://files.example/c' } },
    ]);
    expect(tree.map((n) => n.kind === 'file' && n.href)).toEqual([null, '/v7/asset/1', 'https://files.example/c']);
  });

  it('is empty without assets', () => {
    expect(buildAssetTree([])).toEqual([]);
  });
});
