-- Variables and tags (compat §6.2): natural key (owner, name|tag_key); values are text.
CREATE TABLE application_environment_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (application, name)
);

CREATE TABLE application_config_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (application, name)
);

CREATE TABLE build_environment_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  application integer NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (application, name)
);

CREATE TABLE device_environment_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (device, name)
);

CREATE TABLE device_config_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (device, name)
);

CREATE TABLE device_service_environment_variable (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  service_install integer NOT NULL REFERENCES service_install (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (service_install, name)
);

CREATE TABLE device_tag (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  tag_key text NOT NULL,
  value text NOT NULL DEFAULT '',
  UNIQUE (device, tag_key)
);
