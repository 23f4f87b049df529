import { ApiError } from '../../../lib/http.ts';

/** Sign-in/up failure texts (accounts spec §8): the i18n key for known statuses, else the server's text. */
export function authErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t('auth:errors.invalidCredentials');
    if (error.status === 429) return t('auth:errors.tooManyRequests');
    return error.message;
  }
  return error instanceof Error ? error.message : t('common:errors.generic');
}
