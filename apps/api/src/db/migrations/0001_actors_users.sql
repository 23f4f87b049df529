-- Actors: users, applications (fleets) and devices each own exactly one actor row.
-- API keys belong to an actor; actor ids and user ids are different numbers (compat §3.4).
CREATE TABLE actor (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- "user" is a reserved word: always quoted, also as a column name elsewhere.
CREATE TABLE "user" (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  actor integer NOT NULL UNIQUE REFERENCES actor (id),
  username text NOT NULL UNIQUE,
  email text,
  password_hash text,
  jwt_secret text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text),
  first_name text,
  last_name text,
  company text,
  account_type text CHECK (account_type IN ('personal', 'professional')),
  has_password_set boolean NOT NULL DEFAULT false,
  has_disabled_newsletter boolean NOT NULL DEFAULT false,
  must_be_verified boolean NOT NULL DEFAULT false,
  is_verified boolean NOT NULL DEFAULT false,
  is_platform_admin boolean NOT NULL DEFAULT false,
  is_support_agent boolean NOT NULL DEFAULT false,
  -- Set when a stored password is longer than the current 64-character limit (accounts §5).
  has_password_over_limit boolean NOT NULL DEFAULT false,
  -- TOTP two-factor (accounts §4): secret kept server-side only.
  totp_secret text,
  is_2fa_enabled boolean NOT NULL DEFAULT false,
  -- Sign-ins with an auth time before this are refused ("log out other sessions").
  tokens_valid_after timestamptz,
  CONSTRAINT user_email_lower CHECK (email IS NULL OR email = lower(email))
);
CREATE UNIQUE INDEX user_email_key ON "user" (email) WHERE email IS NOT NULL;

-- Two-factor recovery codes (stored hashed); a used code keeps its used_timestamp.
CREATE TABLE recovery_code (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_timestamp timestamptz,
  UNIQUE ("user", code_hash)
);
CREATE INDEX recovery_code_user_idx ON recovery_code ("user");

-- One-time tokens mailed to users: email verification, password reset, email change.
CREATE TABLE user_action_token (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'password-reset', 'change-email', 'login-code')),
  token_hash text NOT NULL UNIQUE,
  email text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_action_token_user_idx ON user_action_token ("user");

-- SSH public keys (user__has__public_key).
CREATE TABLE user_public_key (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  title text NOT NULL,
  public_key text NOT NULL,
  fingerprint text,
  UNIQUE ("user", public_key)
);
CREATE INDEX user_public_key_user_idx ON user_public_key ("user");

-- v7 exposes profile fields through user_profile, not on user (compat §6.3).
CREATE VIEW user_profile AS
SELECT id, created_at, email, first_name, last_name, company, account_type,
       has_disabled_newsletter, has_password_set, must_be_verified, is_verified
FROM "user";
