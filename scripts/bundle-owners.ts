/**
 * Who a built module's bytes belong to, for the size reports of issue 16 W10
 * (scripts/bundle-budget.ts for the dashboard's routes, scripts/bundle-floor.ts for the stack floor).
 */
/** Where a module's bytes belong in a note: its npm package, else its source folder or file. */
function ownerOf(moduleId: string): string {
  const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId)?.[1];
  if (pkg) return pkg.replace(/\\/g, '/');
  if (/[\\/]apps[\\/]web[\\/]floor[\\/]/.test(moduleId)) return 'floor page';
  // Ids are relative to apps/web (src/…) or absolute (…/packages/core/src/…).
  const src = /(?:^|\/packages\/core\/|\/apps\/web\/)src\/(.*)$/.exec(moduleId.replace(/\\/g, '/'))?.[1];
  if (!src) return moduleId;
  const core = moduleId.includes('packages') ? 'core/' : '';
  // features/<f>/…, locales (the catalogs), else the file itself (lib/i18n.ts).
  const parts = src.split('/');
  if (parts[0] === 'features' && parts.length > 2) return `${core}features/${parts[1]}`;
  if (parts[0] === 'locales') return 'locales (i18n catalogs)';
  return core + src;
}

/** A chunk's owners (ownerOf) and each one's share (0–1) of its rendered (minified) bytes, largest first. */
export function ownerShares(modules: Record<string, number>): [string, number][] {
  const byOwner = new Map<string, number>();
  let total = 0;
  for (const [id, length] of Object.entries(modules)) {
    byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + length);
    total += length;
  }
  return [...byOwner].map(([owner, length]): [string, number] => [owner, total === 0 ? 0 : length / total]).sort((a, b) => b[1] - a[1]);
}
