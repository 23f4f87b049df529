import { TOTP, Secret } from 'otpauth';

/** The otpauth:// URI authenticator apps scan (same parameters as the server's TOTP). */
export function setupKeyUri(setupKey: string, account: string): string {
  return new TOTP({ issuer: 'Flotilla', label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setupKey) }).toString();
}
