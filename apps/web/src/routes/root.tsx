import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '../components/RootLayout.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';

/**
 * The root of the route table: every feature's routes.tsx hangs its pages under this route or
 * under a layout route below it (`app-layout.tsx`). router.tsx composes the tree.
 */

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
