import { ActingAsUserBanner } from './ActingAsUserBanner.tsx';
import { PasswordOverLimitNotice } from './PasswordOverLimitNotice.tsx';

/** Notices above every signed-in screen: login-as-user warning, over-long password. */
export function AccountNotices() {
  return (
    <>
      <ActingAsUserBanner />
      <PasswordOverLimitNotice />
    </>
  );
}
