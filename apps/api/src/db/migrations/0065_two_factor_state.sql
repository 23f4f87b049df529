-- Two-factor state beyond 0001's totp_secret / is_2fa_enabled (accounts §4):
-- a secret handed out by GET /auth/totp/setup but not yet confirmed with a pairing code
-- (so a half-finished setup never replaces an enabled secret), and the last accepted TOTP
-- time step, so a code cannot be replayed within its validity window.
ALTER TABLE "user" ADD COLUMN totp_pending_secret text;
ALTER TABLE "user" ADD COLUMN totp_last_used_step bigint;
