CREATE TABLE organization (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  handle text NOT NULL UNIQUE CHECK (handle ~ '^[a-z0-9_-]+$'),
  company_name text,
  industry text,
  website text,
  logo_image text,
  is_frozen boolean NOT NULL DEFAULT false,
  is_enforcing_saml_login boolean NOT NULL DEFAULT false,
  billing_account_code text,
  has_past_due_invoice_since__date timestamptz,
  is_using__billing_version text NOT NULL DEFAULT 'v2'
);

ALTER TABLE "user" ADD COLUMN has_legacy_link_to__organization integer REFERENCES organization (id) ON DELETE SET NULL;
CREATE INDEX user_legacy_org_idx ON "user" (has_legacy_link_to__organization);

CREATE TABLE organization_membership_role (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text
);

CREATE TABLE organization_membership (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  is_member_of__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  organization_membership_role integer NOT NULL REFERENCES organization_membership_role (id),
  UNIQUE ("user", is_member_of__organization)
);
CREATE INDEX organization_membership_org_idx ON organization_membership (is_member_of__organization);
CREATE INDEX organization_membership_role_idx ON organization_membership (organization_membership_role);

CREATE TABLE organization_membership_tag (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization_membership integer NOT NULL REFERENCES organization_membership (id) ON DELETE CASCADE,
  tag_key text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (organization_membership, tag_key)
);

-- Someone invited by email who may not have an account yet.
CREATE TABLE invitee (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  email text NOT NULL UNIQUE CHECK (email = lower(email))
);

CREATE TABLE organization_invite (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  invitee integer NOT NULL REFERENCES invitee (id) ON DELETE CASCADE,
  is_invited_to__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  organization_membership_role integer NOT NULL REFERENCES organization_membership_role (id),
  is_created_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  message text,
  -- The secret carried by the invitation link (hidden from OData).
  token text NOT NULL UNIQUE,
  UNIQUE (invitee, is_invited_to__organization)
);
CREATE INDEX organization_invite_org_idx ON organization_invite (is_invited_to__organization);
CREATE INDEX organization_invite_role_idx ON organization_invite (organization_membership_role);
CREATE INDEX organization_invite_creator_idx ON organization_invite (is_created_by__user);

CREATE TABLE team (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  description text,
  belongs_to__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE
);
-- Team names are unique in their organization, case-insensitively (accounts §5).
CREATE UNIQUE INDEX team_org_lower_name_key ON team (belongs_to__organization, lower(name));

CREATE TABLE team_membership (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  is_member_of__team integer NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  UNIQUE ("user", is_member_of__team)
);
CREATE INDEX team_membership_team_idx ON team_membership (is_member_of__team);
