import { LoadingState } from './states/LoadingState.tsx';

/** A route or page section waiting for its data (the router's pendingComponent). */
export function PageLoading() {
  return <LoadingState />;
}
