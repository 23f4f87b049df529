-- Failed sign-in attempts for rate limiting (compat §3.1: 10 per username per 2 h). Kept in
-- the database so the limit holds across API replicas. `bucket` is 'user:<login>' or 'ip:<addr>'.
CREATE TABLE login_attempt (
  id serial PRIMARY KEY,
  bucket text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempt_bucket_idx ON login_attempt (bucket, attempted_at);
