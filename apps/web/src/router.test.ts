import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the route table split per feature (docs/architecture.md "Dashboard"): every route is
 * defined in a `features/<f>/routes.tsx`, except the root and the signed-in layout
 * (`routes/`); router.tsx only composes them.
 */

/** A file next to this one (a path: under jsdom, `URL` is jsdom's, which node:fs does not take). */
const sibling = (file: string) => fileURLToPath(new URL(file, import.meta.url).href);

function isRoute(value: unknown): value is AnyRoute {
  return typeof value === 'object' && value !== null && 'options' in value && 'addChildren' in value;
}

function childrenOf(route: AnyRoute): AnyRoute[] {
  const children: unknown = route.children;
  if (!children || typeof children !== 'object') return [];
  return Object.values(children).filter(isRoute);
}

/** The route and everything below it, as the tree stands now. */
function subtree(route: AnyRoute): AnyRoute[] {
  return [route, ...childrenOf(route).flatMap(subtree)];
}

function describeRoute(route: AnyRoute): string {
  const options: { id?: string; path?: string } = route.options ?? {};
  return route.id ?? options.id ?? options.path ?? '(root)';
}

describe('route table', () => {
  it('defines every route of the tree in a feature routes.tsx, besides the root and the layouts', async () => {
    // Collected before router.tsx is loaded: a parent another feature exports (e.g. /orgs/$orgId)
    // gets its other children only when router.tsx composes the tree, so a route created in
    // router.tsx cannot hide below a feature's export.
    const loaders = import.meta.glob<Record<string, unknown>>('./features/*/routes.tsx');
    expect(Object.keys(loaders).length).toBeGreaterThan(5);
    const exported: AnyRoute[] = [];
    for (const load of Object.values(loaders)) {
      for (const value of Object.values(await load())) {
        exported.push(...(Array.isArray(value) ? value : [value]).filter(isRoute));
      }
    }
    const featureRoutes = new Set(exported.flatMap(subtree));

    const { rootRoute } = await import('./routes/root.tsx');
    const { appRoute } = await import('./routes/app-layout.tsx');
    const { routeTree } = await import('./router.tsx');
    const layouts = new Set<AnyRoute>([rootRoute, appRoute]);
    const tree = subtree(routeTree);

    expect(routeTree).toBe(rootRoute);
    expect(tree.length).toBeGreaterThan(40);
    expect(tree.filter((route) => !featureRoutes.has(route) && !layouts.has(route)).map(describeRoute)).toEqual([]);
    // And the other way round: what a feature exports is composed into the tree.
    expect(exported.filter((route) => !tree.includes(route)).map(describeRoute)).toEqual([]);
  });

  it('router.tsx composes only, and no feature routes.tsx imports it (no import cycle)', () => {
    const router = readFileSync(sibling('./router.tsx'), 'utf8');
    expect(router).not.toMatch(/\bcreate(Root)?Route(WithContext)?\s*[(<]/);
    expect(router).not.toMatch(/\blazyRouteComponent\b/);

    const files = Object.keys(import.meta.glob('./features/*/routes.tsx'));
    for (const file of [...files, './routes/root.tsx', './routes/app-layout.tsx']) {
      const source = readFileSync(sibling(file), 'utf8');
      expect(source, file).not.toMatch(/from '[./]*router\.tsx'/);
    }
  });
});
