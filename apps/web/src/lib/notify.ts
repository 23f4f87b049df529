import { toast } from './toast.ts';
import { connectivity } from './connectivity.ts';
import { ApiError } from './http.ts';
import i18n from './i18n.ts';

/** A text wholly inside one pair of the same quote, with no other such quote within: its inside. */
const WRAPPED_IN_QUOTES = /^(["'])((?:(?!\1)[\s\S])*)\1$/;

/**
 * Accounts spec §5: error text shown is trimmed, quotes removed, cut to 500 characters. Only
 * quotes that wrap the whole text go (a JSON string body, `"Unauthorized"`); quotes inside it
 * stay, even at one end (`No user with the username "x"` keeps its closing quote).
 */
export function cleanErrorText(text: string): string {
  let cleaned = text.trim();
  for (let inner = WRAPPED_IN_QUOTES.exec(cleaned); inner; inner = WRAPPED_IN_QUOTES.exec(cleaned)) cleaned = inner[2]!.trim();
  return cleaned.slice(0, 500);
}

/**
 * The toast for an error, or null when the error is not reported (fleets spec §8: not-found
 * codes and network fetch failures are not reported; a 401 has already forced logout).
 */
export function errorToast(error: unknown): { message: string; variant: 'error' | 'info' } | null {
  if (error instanceof ApiError) {
    if (error.status === 404 || error.status === 401) return null;
    if (error.status === 429) return { message: i18n.t('common:errors.throttling'), variant: 'info' };
    return { message: cleanErrorText(error.message) || i18n.t('common:errors.generic'), variant: 'error' };
  }
  // fetch() rejects with a TypeError when the network is unreachable.
  if (error instanceof TypeError) return null;
  if (error instanceof Error) return { message: cleanErrorText(error.message) || i18n.t('common:errors.generic'), variant: 'error' };
  return { message: i18n.t('common:errors.generic'), variant: 'error' };
}

/** Shows an error as a toast (lib/toast.ts drops repeats). */
export function notifyError(error: unknown): void {
  // Accounts spec §8: messages are suppressed while the API is offline (the offline alert says it).
  if (connectivity.isOffline()) return;
  const shown = errorToast(error);
  if (shown) toast(shown.message, { variant: shown.variant });
}

export function notifySuccess(message: string): void {
  toast(message, { variant: 'success' });
}
