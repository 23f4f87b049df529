-- VPN/cloudlink servers a device is connected through.
CREATE TABLE service_instance (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  ip_address text,
  last_heartbeat timestamptz
);

CREATE TABLE device (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now(),
  actor integer NOT NULL UNIQUE REFERENCES actor (id),
  uuid text NOT NULL UNIQUE CHECK (uuid ~ '^[0-9a-f]{32}([0-9a-f]{30})?$'),
  device_name text NOT NULL,
  note text,
  local_id text,
  status text,
  belongs_to__application integer REFERENCES application (id) ON DELETE CASCADE,
  belongs_to__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  is_of__device_type integer NOT NULL REFERENCES device_type (id),
  is_running__release integer REFERENCES release (id) ON DELETE SET NULL,
  is_pinned_on__release integer REFERENCES release (id) ON DELETE RESTRICT,
  should_be_operated_by__release integer REFERENCES release (id) ON DELETE SET NULL,
  should_be_managed_by__release integer REFERENCES release (id) ON DELETE SET NULL,
  is_managed_by__service_instance integer REFERENCES service_instance (id) ON DELETE SET NULL,
  is_online boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  is_frozen boolean NOT NULL DEFAULT false,
  is_web_accessible boolean NOT NULL DEFAULT false,
  is_in_local_mode boolean NOT NULL DEFAULT false,
  is_connected_to_vpn boolean NOT NULL DEFAULT false,
  last_vpn_event timestamptz,
  last_connectivity_event timestamptz,
  api_heartbeat_state text NOT NULL DEFAULT 'unknown' CHECK (api_heartbeat_state IN ('online', 'offline', 'timeout', 'unknown')),
  changed_api_heartbeat_state_on__date timestamptz,
  is_locked_until__date timestamptz,
  public_address text,
  ip_address text,
  mac_address text,
  vpn_address text,
  os_version text,
  os_line text,
  os_variant text,
  supervisor_version text,
  download_progress integer,
  provisioning_progress integer,
  provisioning_state text,
  update_status text CHECK (update_status IN ('rejected', 'downloading', 'downloaded', 'applying changes', 'aborted', 'done')),
  last_update_status_event timestamptz,
  memory_usage integer,
  memory_total integer,
  storage_block_device text,
  storage_usage integer,
  storage_total integer,
  cpu_usage integer,
  cpu_temp integer,
  cpu_id text,
  is_undervolted boolean NOT NULL DEFAULT false,
  latitude text,
  longitude text,
  custom_latitude text,
  custom_longitude text,
  location text,
  is_accessible_by_support_until__date timestamptz,
  -- Supervisor local API port and secret reported by the device (never readable through OData).
  api_port integer,
  api_secret text
);
CREATE INDEX device_app_name_idx ON device (belongs_to__application, device_name);
CREATE INDEX device_user_idx ON device (belongs_to__user);
CREATE INDEX device_type_idx ON device (is_of__device_type);
CREATE INDEX device_running_release_idx ON device (is_running__release);
CREATE INDEX device_pinned_release_idx ON device (is_pinned_on__release);
CREATE INDEX device_operated_release_idx ON device (should_be_operated_by__release);
CREATE INDEX device_managed_release_idx ON device (should_be_managed_by__release);
CREATE INDEX device_service_instance_idx ON device (is_managed_by__service_instance);
CREATE INDEX device_app_status_idx ON device (belongs_to__application, api_heartbeat_state);

-- Audit trail per device (compat §6.4); rows outlive the device.
CREATE TABLE device_history (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  end_timestamp timestamptz,
  tracks__device integer REFERENCES device (id) ON DELETE SET NULL,
  uuid text NOT NULL,
  belongs_to__application integer REFERENCES application (id) ON DELETE SET NULL,
  is_of__device_type integer REFERENCES device_type (id) ON DELETE SET NULL,
  is_running__release integer REFERENCES release (id) ON DELETE SET NULL,
  should_be_running__release integer REFERENCES release (id) ON DELETE SET NULL,
  os_version text,
  os_variant text,
  supervisor_version text,
  is_active boolean,
  is_created_by__actor integer REFERENCES actor (id) ON DELETE SET NULL,
  is_ended_by__actor integer REFERENCES actor (id) ON DELETE SET NULL
);
CREATE INDEX device_history_device_idx ON device_history (tracks__device);
CREATE INDEX device_history_uuid_idx ON device_history (uuid, created_at);
CREATE INDEX device_history_app_idx ON device_history (belongs_to__application);
CREATE INDEX device_history_type_idx ON device_history (is_of__device_type);
CREATE INDEX device_history_running_idx ON device_history (is_running__release);
CREATE INDEX device_history_target_idx ON device_history (should_be_running__release);
CREATE INDEX device_history_creator_idx ON device_history (is_created_by__actor);
CREATE INDEX device_history_ender_idx ON device_history (is_ended_by__actor);

CREATE TABLE service_install (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  installs__service integer NOT NULL REFERENCES service (id) ON DELETE CASCADE,
  UNIQUE (device, installs__service)
);
CREATE INDEX service_install_service_idx ON service_install (installs__service);

CREATE TABLE image_install (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  installs__image integer NOT NULL REFERENCES image (id) ON DELETE CASCADE,
  is_provided_by__release integer NOT NULL REFERENCES release (id) ON DELETE CASCADE,
  install_date timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL,
  download_progress integer,
  UNIQUE (device, installs__image)
);
CREATE INDEX image_install_image_idx ON image_install (installs__image);
CREATE INDEX image_install_release_idx ON image_install (is_provided_by__release);

CREATE TABLE device_log (
  id serial PRIMARY KEY,
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  "timestamp" timestamptz NOT NULL,
  message text NOT NULL,
  is_system boolean NOT NULL DEFAULT false,
  is_stderr boolean NOT NULL DEFAULT false,
  service_id integer
);
CREATE INDEX device_log_device_idx ON device_log (device, id);

-- Remote actions (identify, reboot, purge, diagnostics, health checks, OS/supervisor update).
CREATE TABLE device_action (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  device integer NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  action text NOT NULL,
  parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'idle' CHECK (status IN ('configuring', 'done', 'error', 'idle', 'in_progress')),
  result jsonb,
  error_message text,
  is_created_by__actor integer REFERENCES actor (id) ON DELETE SET NULL,
  completed_at timestamptz
);
CREATE INDEX device_action_device_idx ON device_action (device, created_at DESC);
CREATE INDEX device_action_actor_idx ON device_action (is_created_by__actor);

-- Keep modified_at current; moving a device to another fleet drops its release pin (compat §2.11 #13).
CREATE FUNCTION device_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.modified_at := now();
  IF NEW.belongs_to__application IS DISTINCT FROM OLD.belongs_to__application
     AND NEW.is_pinned_on__release IS NOT DISTINCT FROM OLD.is_pinned_on__release THEN
    NEW.is_pinned_on__release := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER device_before_update BEFORE UPDATE ON device
  FOR EACH ROW EXECUTE FUNCTION device_before_update();

-- One service_install per (device, service of the device's fleet): clients only read them.
CREATE FUNCTION device_sync_service_installs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM service_install si USING service s
     WHERE si.device = NEW.id AND s.id = si.installs__service
       AND s.application IS DISTINCT FROM NEW.belongs_to__application;
  END IF;
  IF NEW.belongs_to__application IS NOT NULL THEN
    INSERT INTO service_install (device, installs__service)
    SELECT NEW.id, s.id FROM service s WHERE s.application = NEW.belongs_to__application
    ON CONFLICT (device, installs__service) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER device_service_installs_insert AFTER INSERT ON device
  FOR EACH ROW EXECUTE FUNCTION device_sync_service_installs();
CREATE TRIGGER device_service_installs_move AFTER UPDATE OF belongs_to__application ON device
  FOR EACH ROW WHEN (NEW.belongs_to__application IS DISTINCT FROM OLD.belongs_to__application)
  EXECUTE FUNCTION device_sync_service_installs();

CREATE FUNCTION service_create_installs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_install (device, installs__service)
  SELECT d.id, NEW.id FROM device d WHERE d.belongs_to__application = NEW.application
  ON CONFLICT (device, installs__service) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER service_installs_insert AFTER INSERT ON service
  FOR EACH ROW EXECUTE FUNCTION service_create_installs();
