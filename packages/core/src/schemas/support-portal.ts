import { z } from 'zod';
import { INVALID_PORTAL_RETURN_TO, isPortalReturnTo, SUPPORT_PORTAL_RETURN_TO_MAX } from '../support-portal.ts';

/**
 * GET `/zendesk/v1/login?return_to=…` (accounts spec §7). `return_to` is optional; when given it
 * must be on the portal's own origin (`isPortalReturnTo`), else 400 — never an open redirect.
 * Without a configured portal only its length is checked (the route answers 404 anyway).
 */
export function supportPortalLoginQuery(portalUrl: string | undefined) {
  return z.object({
    return_to: z
      .string()
      .max(SUPPORT_PORTAL_RETURN_TO_MAX, `return_to must be at most ${SUPPORT_PORTAL_RETURN_TO_MAX} characters`)
      .refine((value) => portalUrl === undefined || isPortalReturnTo(value, portalUrl), {
        message: 'return_to must be an address on the support portal itself',
        params: { code: INVALID_PORTAL_RETURN_TO },
      })
      .optional(),
  });
}

/**
 * The answer: the portal's JWT endpoint, the signed token, and the validated `return_to` to
 * post with it (absent when none was asked). The dashboard posts `jwt` and `return_to` as a
 * form to `redirect`.
 */
export const supportPortalLoginResponse = z.object({
  redirect: z.url({ protocol: /^https?$/ }),
  jwt: z.string().min(1),
  return_to: z.string().optional(),
});
export type SupportPortalLoginResponse = z.output<typeof supportPortalLoginResponse>;
