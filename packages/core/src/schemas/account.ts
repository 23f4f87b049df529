import { z } from 'zod';
import { objectBody, requiredString, safeString } from './primitives.ts';
import { PASSWORD_INPUT_MAX } from './auth.ts';

/**
 * Account security over email (accounts spec §4, §7; compat §3.7). Email format and
 * password rules keep their own messages in the services (account-rules.ts); the boundary
 * bounds and cleans what reaches them.
 */
const EMAIL_INPUT_MAX = 254;
const TOKEN_MAX = 512;

const password = requiredString('password', PASSWORD_INPUT_MAX);

export const verifyEmailBody = objectBody({
  verificationToken: requiredString('verificationToken', TOKEN_MAX),
  email: requiredString('email', EMAIL_INPUT_MAX),
});

export const passwordResetRequestBody = objectBody({
  email: requiredString('email', EMAIL_INPUT_MAX),
  'g-recaptcha-response': safeString(4096).optional(),
});

export const passwordResetBody = objectBody({
  resetCode: requiredString('resetCode', TOKEN_MAX),
  password,
  twoFactorCode: safeString(64).optional(),
});

export const changePasswordBody = objectBody({
  currentPassword: safeString(PASSWORD_INPUT_MAX).optional(),
  password,
});

export const changeEmailBody = objectBody({
  email: requiredString('email', EMAIL_INPUT_MAX),
  password: safeString(PASSWORD_INPUT_MAX).optional(),
});

/** GET /user/v1/account-status: what the route guard and the details tab need (accounts §4). */
export const accountStatusResponse = z.object({
  email: z.string().nullable(),
  must_be_verified: z.boolean(),
  is_verified: z.boolean(),
  has_password_set: z.boolean(),
});

/** GET /user/v1/account/deletion: what deleting the account would take with it (accounts §4, §5). */
export const deletionPreviewResponse = z.object({
  /** Organizations where the user is the only administrator: they are deleted with the account. */
  soleAdminOrganizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Organizations on the 'custom' plan: deletion is blocked while there is any. */
  customPlanOrganizations: z.array(z.string()),
});

/** DELETE /user/v1/account: what the deletion did. */
export const deletionResultResponse = z.object({
  cancelledSubscriptions: z.number().int(),
  deletedOrganizations: z.number().int(),
});
