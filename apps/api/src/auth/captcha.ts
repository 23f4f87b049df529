/**
 * Captcha check for sign-up (accounts spec §5: "captcha required (dummy value when no captcha
 * key configured)"). Without `captchaSecret` the server is in dummy mode: the dashboard sends
 * a placeholder and any value — or none — is accepted. With a secret the response token is
 * verified with reCAPTCHA's siteverify endpoint (or a compatible one: CAPTCHA_VERIFY_URL, so
 * tests and offline installs point it at a local stand-in) and is required.
 */
export const CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export async function isCaptchaAccepted(
  response: string | undefined,
  secret: string | undefined,
  fetchImpl: FetchLike = fetch,
  verifyUrl: string = CAPTCHA_VERIFY_URL,
): Promise<boolean> {
  if (!secret) return true;
  if (!response) return false;
  try {
    const res = await fetchImpl(verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response }).toString(),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false;
  }
}
