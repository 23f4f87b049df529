-- Invitation links (accounts §5): like every other emailed link, only the SHA-256 of the
-- token is stored, and invites expire. Plain tokens stored before this migration can never
-- match a hash, so those invites are marked expired now (an administrator re-invites).
ALTER TABLE organization_invite RENAME COLUMN token TO token_hash;
ALTER TABLE organization_invite ADD COLUMN expires_at timestamptz;
UPDATE organization_invite SET expires_at = now();
ALTER TABLE organization_invite ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE organization_invite ALTER COLUMN expires_at SET DEFAULT now() + interval '7 days';

ALTER TABLE application_invite RENAME COLUMN token TO token_hash;
ALTER TABLE application_invite ADD COLUMN expires_at timestamptz;
UPDATE application_invite SET expires_at = now();
ALTER TABLE application_invite ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE application_invite ALTER COLUMN expires_at SET DEFAULT now() + interval '7 days';
