import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import ToastHost from '../components/ToastHost.tsx';
import { catalogs } from '../lib/app-catalogs.ts';
import i18n, { addCatalogs } from '../lib/i18n.ts';

// The app chunk's catalogs, as the signed-in layout's loader has them before a page renders
// (lib/i18n.ts). A lazily loaded screen's own namespaces come with its modules
// (features/<f>/<ns>-catalog.ts): a test rendering one of its parts imports that catalog.
addCatalogs(catalogs);

// findBy*/waitFor wait up to 5 s, not 1 s: a loaded CI machine renders MUI dialogs slowly (vitest's
// testTimeout for unit tests is 20 s).
configure({ asyncUtilTimeout: 5_000 });

/** A QueryClient for tests: no retries, and what a test puts in the cache stays fresh. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/**
 * Renders `ui` at `/` inside the app's providers and a memory router (components use Link and
 * useNavigate). A `*` catch-all records where the component navigated to.
 */
export function renderWithProviders(ui: ReactElement, { queryClient = testQueryClient() } = {}) {
  const rootRoute = createRootRoute();
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const otherRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>navigated</p> });
  const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute, otherRoute]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* The test router is not the registered app router. */}
        <RouterProvider router={router as never} />
      </QueryClientProvider>
      <ToastHost />
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}
