import { ApiError } from '../../lib/http.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

/** Minutes and seconds, e.g. "2 minutes" or "45 seconds", for "available again in {time}". */
export function formatRetryAfter(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/**
 * Accounts spec §8: a reset 429 shows the server's text plus "try again shortly" or "available
 * again in {time}" (from Retry-After); without server text the default is "Too many requests.".
 * Other errors show the server's message.
 */
export function accountEmailErrorMessage(error: unknown, t: T): string {
  if (error instanceof ApiError && error.status === 429) {
    const text = error.message.trim() || t('accountEmail:errors.tooManyRequests');
    const suffix = error.retryAfter ? t('accountEmail:errors.availableAgainIn', { time: formatRetryAfter(error.retryAfter) }) : t('accountEmail:errors.tryAgainShortly');
    return `${text.replace(/[.\s]*$/, '.')} ${suffix}`;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return t('common:errors.generic');
}
