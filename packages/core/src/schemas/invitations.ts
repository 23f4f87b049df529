import { z } from 'zod';

export const INVALID_INVITATION = 'invalid or expired invitation';
export const INVALID_INVITATION_CODE = 'invalid_invitation';

/**
 * Invitation tokens are `<base64url payload>.<base64url secret>`; anything else is not worth
 * a lookup and answers like an unknown token, with the same message and code.
 */
export const invitationTokenParams = z.object({
  token: z.string().refine((t) => t.length <= 1024 && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(t), {
    message: INVALID_INVITATION,
    params: { code: INVALID_INVITATION_CODE },
  }),
});
