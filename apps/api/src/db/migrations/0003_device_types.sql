CREATE TABLE cpu_architecture (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  slug text NOT NULL UNIQUE
);

CREATE TABLE device_manufacturer (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE device_family (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  is_manufactured_by__device_manufacturer integer REFERENCES device_manufacturer (id)
);
CREATE INDEX device_family_manufacturer_idx ON device_family (is_manufactured_by__device_manufacturer);

CREATE TABLE device_type (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  logo text,
  contract jsonb,
  is_private boolean NOT NULL DEFAULT false,
  is_of__cpu_architecture integer NOT NULL REFERENCES cpu_architecture (id),
  belongs_to__device_family integer REFERENCES device_family (id)
);
CREATE INDEX device_type_arch_idx ON device_type (is_of__cpu_architecture);
CREATE INDEX device_type_family_idx ON device_type (belongs_to__device_family);

-- The SDK resolves a slug only through an alias row (compat §6.4): each type has one equal to its slug.
CREATE TABLE device_type_alias (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device_type integer NOT NULL REFERENCES device_type (id) ON DELETE CASCADE,
  is_referenced_by__alias text NOT NULL UNIQUE
);
CREATE INDEX device_type_alias_type_idx ON device_type_alias (device_type);

-- Private device types an organization may use.
CREATE TABLE organization__has_private_access_to__device_type (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  has_private_access_to__device_type integer NOT NULL REFERENCES device_type (id) ON DELETE CASCADE,
  UNIQUE (organization, has_private_access_to__device_type)
);
CREATE INDEX org_private_dt_type_idx ON organization__has_private_access_to__device_type (has_private_access_to__device_type);
