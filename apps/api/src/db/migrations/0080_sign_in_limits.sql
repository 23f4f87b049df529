-- Sign-in limits that cannot lock a user out (issue 8, auth/login-rate-limit.ts).
--
-- 1. Every counted attempt carries the moment it stops counting (`expires_at` = when it happened
--    plus its bucket's window), so one bounded DELETE can purge expired rows of every bucket kind
--    (sign-in, sign-up, emailed links, second factor) and the table stays as small as the live
--    windows. Rows written before this migration belonged to windows of at most two hours.
ALTER TABLE login_attempt ADD COLUMN expires_at timestamptz;
UPDATE login_attempt SET expires_at = attempted_at + interval '2 hours';
ALTER TABLE login_attempt ALTER COLUMN expires_at SET NOT NULL;
DROP INDEX login_attempt_bucket_idx;
CREATE INDEX login_attempt_bucket_expires_idx ON login_attempt (bucket, expires_at);
CREATE INDEX login_attempt_expires_idx ON login_attempt (expires_at);

-- 2. Addresses from which a user has proven their password (OWASP "device cookie" idea, keyed by
--    client address because API clients keep no cookies). Strangers' failures elsewhere never
--    block the owner at such an address. Rows older than the retention stop counting and are
--    purged by the next success anywhere; deleting the user deletes them.
CREATE TABLE login_known_address (
  user_id integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX login_known_address_last_success_idx ON login_known_address (last_success_at);
