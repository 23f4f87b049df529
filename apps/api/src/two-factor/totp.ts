import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits (accounts §9 "2FA token
 * 6 characters"), 30-second steps. One step of clock drift is accepted either way.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

/** A new random 160-bit secret, base32 (the "setup key" users type into their app). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = 'user'): TOTP {
  return new TOTP({
    issuer: 'Flotilla',
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app scans from a QR code. */
export function totpUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/** The current code (tests and the compat suite compute codes the way an app would). */
export function totpCode(secretBase32: string, timestampMs = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp: timestampMs });
}

/**
 * The time step the code belongs to when it is valid now (± drift), else null. Callers
 * store the step so the same code (or an older one) is never accepted twice.
 */
export function matchTotpStep(secretBase32: string, code: string, timestampMs = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token, timestamp: timestampMs, window: DRIFT_STEPS });
  if (delta === null) return null;
  return totp.counter({ timestamp: timestampMs }) + delta;
}
