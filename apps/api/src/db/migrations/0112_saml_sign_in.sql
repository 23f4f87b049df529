-- SAML single sign-on (accounts spec §2 /saml, §7 /auth/saml; apps/api/src/saml/): what a
-- sign-in keeps between its steps, beyond 0011's identity_provider and saml_account.

-- Each AuthnRequest sent to a provider (GET /auth/saml/{ssoIdentifier}): the response must name
-- it in InResponseTo, once (a replayed response finds it consumed), before it expires.
CREATE TABLE saml_request (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  identity_provider integer NOT NULL REFERENCES identity_provider (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX saml_request_idp_idx ON saml_request (identity_provider);
CREATE INDEX saml_request_expires_idx ON saml_request (expires_at);

-- The one-time code the callback hands the dashboard (POST /auth/saml/finalize), stored hashed.
-- `signon` names the user to sign in; `merge` carries the provider's person until a signed-in
-- user with the same email consents (the saml account does not exist yet).
CREATE TABLE saml_sign_in_code (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  code_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('signon', 'merge')),
  identity_provider integer NOT NULL REFERENCES identity_provider (id) ON DELETE CASCADE,
  remote_id text NOT NULL,
  email text NOT NULL,
  display_name text,
  "user" integer REFERENCES "user" (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX saml_sign_in_code_idp_idx ON saml_sign_in_code (identity_provider);
CREATE INDEX saml_sign_in_code_user_idx ON saml_sign_in_code ("user");
CREATE INDEX saml_sign_in_code_expires_idx ON saml_sign_in_code (expires_at);
