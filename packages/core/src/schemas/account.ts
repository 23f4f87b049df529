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
