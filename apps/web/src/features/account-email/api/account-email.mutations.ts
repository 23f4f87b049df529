import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { setToken } from '../../../lib/session.ts';
import { profileKeys } from '../../profile/api/profile.queries.ts';
import { accountEmailKeys } from './account-email.queries.ts';
import { changeEmail, changePassword, requestPasswordReset, resendVerificationEmail, resetPassword, verifyEmail } from './account-email.requests.ts';

/**
 * The email and password writes. Each hook owns what it refreshes, through the key factories;
 * the forms and pages show the errors themselves (meta.silent).
 */

/**
 * Changes the email now (answer: a token carrying the new address, which replaces the
 * session's) or answers null when the new address must first be confirmed by its link.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => changeEmail(email, password),
    meta: { silent: true },
    onSuccess: async (token) => {
      if (token === null) return;
      setToken(token);
      // The address shows in the details tab (status), the avatar (whoami) and the profile.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountEmailKeys.all }),
        queryClient.invalidateQueries({ queryKey: whoamiQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}

/** Sets or changes the password; the new token keeps this session while the others end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, currentPassword }: { password: string; currentPassword?: string }) => changePassword(password, currentPassword),
    meta: { silent: true },
    onSuccess: async (token) => {
      setToken(token);
      // "Password set" (and the profile's over-limit flag) change with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountEmailKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}

/** Forgot password: the answer never says whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    meta: { silent: true },
  });
}

/** The reset link's new password; `twoFactorCode` once the server asked for it. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ resetCode, password, twoFactorCode }: { resetCode: string; password: string; twoFactorCode?: string }) =>
      resetPassword(resetCode, password, twoFactorCode),
    meta: { silent: true },
  });
}

export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () => resendVerificationEmail(),
    meta: { silent: true },
  });
}

/** The verification email's link; works without a session. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, email }: { token: string; email: string }) => verifyEmail(token, email),
    meta: { silent: true },
    // Removed, not invalidated: the route guard's ensureQueryData would reuse a stale 'pending'.
    onSuccess: () => queryClient.removeQueries({ queryKey: accountEmailKeys.all }),
  });
}
