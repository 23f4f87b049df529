/**
 * Target of the user menu's admin link (accounts spec §2 Header "admin link for admins only",
 * §6 "Platform admin sees an admin link"). Flotilla has no admin screen of its own, so the link
 * goes to the back office configured with `ADMIN_URL`; without one, or for anyone who is not a
 * platform admin, there is no link. Only http(s) URLs are used, so a misconfigured value can
 * never become a `javascript:` link.
 */
export function adminLinkFor(isPlatformAdmin: boolean | undefined, adminUrl: string | null | undefined): string | null {
  if (isPlatformAdmin !== true || !adminUrl) return null;
  try {
    const url = new URL(adminUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
