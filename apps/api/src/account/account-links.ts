import type { AppConfig } from '../lib/config.ts';

/**
 * Absolute dashboard links for emails. Built from the configured PUBLIC_URL only, never from
 * the request's Host header (that would let anyone make the server mail a reset link pointing
 * at their own site: "password reset poisoning").
 */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/**
 * The dashboard's own address, for emails (PUBLIC_URL, without a trailing slash). Without it,
 * the local address on the port the server listens on (a stack started with PORT=4640 mails
 * links to :4640, not to the default port).
 */
export function dashboardUrl(config: Pick<AppConfig, 'publicUrl' | 'listenPort'>): string {
  const fallback = config.listenPort ? `http://localhost:${config.listenPort}` : DEFAULT_PUBLIC_URL;
  return (config.publicUrl ?? fallback).replace(/\/+$/, '');
}

const base = dashboardUrl;

/** The verification link page reads `token` and `email` from the query (accounts spec §2). */
export function verificationLink(config: AppConfig, token: string, email: string): string {
  return `${base(config)}/user/verify-email?${new URLSearchParams({ token, email }).toString()}`;
}

export function passwordResetLink(config: AppConfig, code: string): string {
  return `${base(config)}/user/reset-password/${encodeURIComponent(code)}`;
}
