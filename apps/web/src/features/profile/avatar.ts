/**
 * Header avatar (accounts spec §2): an image from the configured avatar service, addressed by
 * the email's hash, falling back to initials. SHA-256 because browsers' Web Crypto has no MD5;
 * avatar services such as Gravatar accept SHA-256 hashes.
 */

export async function emailHash(email: string): Promise<string | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The template with `{hash}` filled in, or null without a template or a hash. */
export function avatarUrlFor(template: string | null, hash: string | null): string | null {
  if (!template || !hash) return null;
  return template.split('{hash}').join(hash);
}

/** First letters of first and last name, else the username's first letter. */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined, username: string): string {
  const fromNames = `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`;
  return (fromNames || username.charAt(0)).toUpperCase();
}
