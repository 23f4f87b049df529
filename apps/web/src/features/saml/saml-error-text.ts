import type { TFunction } from 'i18next';
import { isSamlSignInError } from '@flotilla/core/saml';
import { ApiError } from '../../lib/http.ts';

/** The text for a SAML error code (accounts spec §8), from a `saml_error` query or a finalize refusal. */
export function samlErrorText(t: TFunction, code: string | null | undefined, values: Record<string, string> = {}): string {
  return code && isSamlSignInError(code) ? t(`saml:signInErrors.${code}`, values) : t('saml:signInErrors.generic');
}

export function samlErrorCodeOf(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
