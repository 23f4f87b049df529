CREATE TABLE release (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  belongs_to__application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  is_created_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  commit text NOT NULL,
  composition jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL CHECK (status IN ('running', 'success', 'failed', 'error', 'cancelled', 'interrupted', 'timeout', 'local')),
  source text NOT NULL DEFAULT 'cloud' CHECK (source IN ('local', 'cloud')),
  build_log text,
  is_invalidated boolean NOT NULL DEFAULT false,
  invalidation_reason text,
  start_timestamp timestamptz NOT NULL DEFAULT now(),
  end_timestamp timestamptz,
  update_timestamp timestamptz NOT NULL DEFAULT now(),
  is_final boolean NOT NULL DEFAULT true,
  is_finalized_at__date timestamptz,
  is_passing_tests boolean NOT NULL DEFAULT true,
  release_version text,
  -- `semver` is what clients PATCH; semver_* and raw_version are derived from it by the release service.
  semver text NOT NULL DEFAULT '0.0.0',
  raw_version text NOT NULL DEFAULT '0.0.0',
  semver_major integer NOT NULL DEFAULT 0,
  semver_minor integer NOT NULL DEFAULT 0,
  semver_patch integer NOT NULL DEFAULT 0,
  semver_prerelease text NOT NULL DEFAULT '',
  semver_build text NOT NULL DEFAULT '',
  variant text NOT NULL DEFAULT '',
  revision integer,
  known_issue_list text,
  note text,
  contract jsonb,
  phase text CHECK (phase IN ('next', 'current', 'sunset', 'end-of-life')),
  UNIQUE (belongs_to__application, commit)
);
CREATE INDEX release_creator_idx ON release (is_created_by__user);
CREATE INDEX release_app_created_idx ON release (belongs_to__application, created_at DESC);
-- A final release version exists once per fleet (same semver core, prerelease and revision).
CREATE UNIQUE INDEX release_final_version_key ON release
  (belongs_to__application, semver_major, semver_minor, semver_patch, semver_prerelease, revision)
  WHERE is_final AND revision IS NOT NULL;

ALTER TABLE application ADD COLUMN should_be_running__release integer REFERENCES release (id) ON DELETE SET NULL;
CREATE INDEX application_target_release_idx ON application (should_be_running__release);

CREATE TABLE release_tag (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  release integer NOT NULL REFERENCES release (id) ON DELETE CASCADE,
  tag_key text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (release, tag_key)
);

-- asset: {filename, content_type, size, href} of the stored file.
CREATE TABLE release_asset (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  release integer NOT NULL REFERENCES release (id) ON DELETE CASCADE,
  asset_key text NOT NULL,
  asset jsonb,
  UNIQUE (release, asset_key)
);

CREATE TABLE service (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  service_name text NOT NULL,
  UNIQUE (application, service_name)
);

CREATE TABLE service_label (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  service integer NOT NULL REFERENCES service (id) ON DELETE CASCADE,
  label_name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (service, label_name)
);

CREATE TABLE service_environment_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  service integer NOT NULL REFERENCES service (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (service, name)
);

CREATE TABLE image (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_a_build_of__service integer NOT NULL REFERENCES service (id) ON DELETE CASCADE,
  start_timestamp timestamptz NOT NULL DEFAULT now(),
  end_timestamp timestamptz,
  push_timestamp timestamptz,
  status text NOT NULL DEFAULT 'running',
  dockerfile text,
  image_size bigint,
  is_stored_at__image_location text NOT NULL UNIQUE,
  content_hash text,
  project_type text,
  error_message text,
  build_log text,
  contract jsonb
);
CREATE INDEX image_service_idx ON image (is_a_build_of__service);

CREATE TABLE release_image (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  image integer NOT NULL REFERENCES image (id) ON DELETE CASCADE,
  is_part_of__release integer NOT NULL REFERENCES release (id) ON DELETE CASCADE,
  UNIQUE (image, is_part_of__release)
);
CREATE INDEX release_image_release_idx ON release_image (is_part_of__release);

CREATE TABLE image_label (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  release_image integer NOT NULL REFERENCES release_image (id) ON DELETE CASCADE,
  label_name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (release_image, label_name)
);

CREATE TABLE image_environment_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  release_image integer NOT NULL REFERENCES release_image (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (release_image, name)
);
