import { useState } from 'react';
import { ApiError } from '../../../lib/http.ts';

/**
 * Accounts §4: past the 20-minute recent-login window the API answers `recent_auth_required`;
 * the form then asks for the password (ReverifyDialog) and submits the same values again.
 */
export function useRecentAuthRetry<V>() {
  const [waiting, setWaiting] = useState<V | null>(null);
  return {
    isReverifying: waiting !== null,
    /** Call from the mutation's onError: true when the error was handled by asking again. */
    handleError(error: unknown, values: V): boolean {
      if (error instanceof ApiError && error.code === 'recent_auth_required') {
        setWaiting(() => values);
        return true;
      }
      return false;
    },
    /** Once the password was proven again: `submit` gets the values that were waiting. */
    resubmit(submit: (values: V) => void) {
      const values = waiting;
      setWaiting(null);
      if (values !== null) submit(values);
    },
    onCancel() {
      setWaiting(null);
    },
  };
}
