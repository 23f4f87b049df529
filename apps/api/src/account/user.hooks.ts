import { badRequest } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import { resendVerificationEmail } from './email-verification.service.ts';

/**
 * balena-sdk `auth.requestVerificationEmail()` sends `PATCH /v7/user(<id>)
 * {"has_been_sent_verification_email": true}` (compat §3.7). The user resource's update rule
 * allows only one's own row, so this is "resend my verification email": the same rate-limited
 * flow as `POST /user/v1/resend-verification-email`, inside the PATCH's transaction.
 */
export const userHooks: ResourceHooks = {
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    if (!('has_been_sent_verification_email' in patch)) return patch;
    if (patch.has_been_sent_verification_email !== true) throw badRequest('has_been_sent_verification_email can only be set to true');
    if (ctx.principal.kind === 'user' && ids.length === 1 && ids[0] === ctx.principal.userId) {
      await resendVerificationEmail(ctx.db, ctx.config, ctx.principal.userId);
    }
    return patch;
  },
};
