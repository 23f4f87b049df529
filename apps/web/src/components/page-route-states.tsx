import type { ErrorComponentProps } from '@tanstack/react-router';
import { PageError } from './PageError.tsx';
import { PageLoading } from './PageLoading.tsx';

/**
 * The pending and error screens of a route that stands for whole pages (the signed-in layout,
 * a fleet, a device, a release, an organization): while its loader waits or after it failed,
 * no page below has rendered its h1 yet, so these give the page its one h1. The router's
 * defaults stay without one: they also show under pages that have theirs (preferences tabs).
 */
export const pageRouteStates = namedPageRouteStates();

/**
 * The same, saying what could not be loaded: `thing` is a key of `common:states.things`
 * ("Could not load the device" rather than "Could not load this").
 */
export function namedPageRouteStates(thing?: 'fleet' | 'device' | 'release' | 'organization') {
  return {
    pendingComponent: () => <PageLoading asPage />,
    errorComponent: (props: ErrorComponentProps) => <PageError error={props.error} reset={props.reset} asPage thing={thing} />,
  };
}
