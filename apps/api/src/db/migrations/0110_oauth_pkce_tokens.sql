-- OAuth applications (accounts spec §2, §3, §7; apps/api/src/oauth/): what the code grant needs
-- beyond 0011's tables.
-- PKCE (RFC 7636): the S256 challenge the authorization request carried, null without PKCE.
ALTER TABLE oauth_authorization_code ADD COLUMN code_challenge text;
-- RFC 6749 §4.1.3: redirect_uri is required at the token endpoint when the authorization
-- request named one.
ALTER TABLE oauth_authorization_code ADD COLUMN has_explicit_redirect_uri boolean NOT NULL DEFAULT false;
-- The access token issued for the code (a user API key), revoked when the code is replayed
-- (RFC 6749 §4.1.2, §10.5).
ALTER TABLE oauth_authorization_code ADD COLUMN issued__api_key integer REFERENCES api_key (id) ON DELETE SET NULL;
CREATE INDEX oauth_code_api_key_idx ON oauth_authorization_code (issued__api_key);

-- An access token issued to an OAuth application is a user API key tied to the user's consent:
-- revoking the consent (or deleting the application) deletes its tokens.
ALTER TABLE api_key ADD COLUMN is_issued_for__oauth_authorization integer REFERENCES oauth_application_authorization (id) ON DELETE CASCADE;
CREATE INDEX api_key_oauth_authorization_idx ON api_key (is_issued_for__oauth_authorization);
