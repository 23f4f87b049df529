import { useTranslation } from 'react-i18next';
import type { RolesState } from '../../lib/permissions.ts';
import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';

/**
 * What a screen shows while it waits for the user's roles (useRolesState): loading, or, when a
 * read of them failed, the error with Retry. Without this a failed lookup left a spinner for ever.
 * `rows`: loading as a skeleton of that many lines (LoadingState's).
 */
export function RolesPending({ state, rows }: { state: Pick<RolesState, 'failure'>; rows?: number }) {
  const { t } = useTranslation();
  if (state.failure) return <ErrorState error={state.failure.error} what={t('states.yourPermissions')} onRetry={state.failure.retry} />;
  return <LoadingState rows={rows} />;
}
