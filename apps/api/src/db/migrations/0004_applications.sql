CREATE TABLE application_type (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  description text,
  supports_multicontainer boolean NOT NULL DEFAULT true,
  supports_web_url boolean NOT NULL DEFAULT true,
  supports_gateway_mode boolean NOT NULL DEFAULT true,
  requires_payment boolean NOT NULL DEFAULT false,
  is_legacy boolean NOT NULL DEFAULT false,
  needs__os_version_range text,
  maximum_device_count integer
);

-- A fleet, app or block (is_of__class). Target release FK is added with the release table.
CREATE TABLE application (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  actor integer NOT NULL UNIQUE REFERENCES actor (id),
  app_name text NOT NULL,
  slug text NOT NULL UNIQUE,
  uuid text NOT NULL UNIQUE CHECK (uuid ~ '^[0-9a-f]{32}$'),
  organization integer NOT NULL REFERENCES organization (id),
  is_for__device_type integer NOT NULL REFERENCES device_type (id),
  application_type integer NOT NULL REFERENCES application_type (id),
  is_of__class text NOT NULL DEFAULT 'fleet' CHECK (is_of__class IN ('fleet', 'block', 'app')),
  should_track_latest_release boolean NOT NULL DEFAULT true,
  is_host boolean NOT NULL DEFAULT false,
  is_archived boolean NOT NULL DEFAULT false,
  is_public boolean NOT NULL DEFAULT false,
  is_discoverable boolean NOT NULL DEFAULT false,
  is_accessible_by_support_until__date timestamptz,
  is_stored_at__repository_url text
);
-- Fleet names are unique per organization, case-insensitively (fleets §5 "Fleet name").
CREATE UNIQUE INDEX application_org_lower_name_key ON application (organization, lower(app_name));
CREATE INDEX application_device_type_idx ON application (is_for__device_type);
CREATE INDEX application_type_idx ON application (application_type);

CREATE TABLE application_membership_role (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text
);

CREATE TABLE user_application_membership (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  is_member_of__application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  application_membership_role integer NOT NULL REFERENCES application_membership_role (id),
  UNIQUE ("user", is_member_of__application)
);
CREATE INDEX user_application_membership_app_idx ON user_application_membership (is_member_of__application);
CREATE INDEX user_application_membership_role_idx ON user_application_membership (application_membership_role);

CREATE TABLE team_application_access (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  team integer NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  grants_access_to__application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  application_membership_role integer NOT NULL REFERENCES application_membership_role (id),
  UNIQUE (team, grants_access_to__application)
);
CREATE INDEX team_application_access_app_idx ON team_application_access (grants_access_to__application);
CREATE INDEX team_application_access_role_idx ON team_application_access (application_membership_role);

CREATE TABLE application_invite (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  invitee integer NOT NULL REFERENCES invitee (id) ON DELETE CASCADE,
  is_invited_to__application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  application_membership_role integer NOT NULL REFERENCES application_membership_role (id),
  is_created_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  message text,
  token text NOT NULL UNIQUE,
  UNIQUE (invitee, is_invited_to__application)
);
CREATE INDEX application_invite_app_idx ON application_invite (is_invited_to__application);
CREATE INDEX application_invite_role_idx ON application_invite (application_membership_role);
CREATE INDEX application_invite_creator_idx ON application_invite (is_created_by__user);

CREATE TABLE application_tag (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  tag_key text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (application, tag_key)
);
