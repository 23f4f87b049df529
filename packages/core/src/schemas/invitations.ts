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

/**
 * `GET /org/v1/invitation/:token`: what the accept screen shows of an organization invite
 * (apps/api/src/invitations/invitations.service.ts describeInvitation). The inviter's account
 * may be gone (`username` null); `expires_at` is ISO 8601 text on the wire.
 */
export const organizationInvitationResponse = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  role: z.string(),
  inviter: z.object({ username: z.string().nullable() }),
  invitee: z.object({ email: z.string() }),
  message: z.string().nullable(),
  expires_at: z.string(),
});
export type OrganizationInvitationResponse = z.infer<typeof organizationInvitationResponse>;

/** `POST /org/v1/invitation/:token`: the organization the signed-in user joined. */
export const organizationInvitationAcceptedResponse = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
});

/**
 * `GET /user/v1/invitation/:token`: what the accept screen shows of a fleet invite
 * (apps/api/src/invitations/invitations.service.ts describeInvitation, application kind).
 */
export const applicationInvitationResponse = z.object({
  application: z.object({ id: z.number().int(), app_name: z.string() }),
  role: z.string(),
  inviter: z.object({ username: z.string().nullable() }),
  invitee: z.object({ email: z.string() }),
  message: z.string().nullable(),
  expires_at: z.string(),
});
export type ApplicationInvitationResponse = z.infer<typeof applicationInvitationResponse>;

/** `POST /user/v1/invitation/:token`: the fleet the signed-in user joined. */
export const applicationInvitationAcceptedResponse = z.object({
  application: z.object({ id: z.number().int(), app_name: z.string() }),
});
