-- Target-state versions (issue 16 W1): a device's poll answers 304 by comparing versions, without
-- building the state. The ETag stays the hash of the body (it changes exactly when the body
-- does); `device_target_cache` keeps, per device, the tag last built and the versions it was
-- built from, and a poll whose versions still match and whose If-None-Match holds that tag is a
-- 304 in one cheap statement. A device's state (devices/target-state.repository.ts) is made of its own
-- rows (the device, its config and environment variables, its service installs and their
-- variables) and its fleet's (the application, its config and environment variables, its
-- releases, services, images and their labels and variables). Every write to one of those rows
-- bumps the version of the device or fleet that owns it, here, in the database, so no write path
-- (OData, the device API, a job, a cascade) can forget it. A version that moves without the body
-- changing costs one rebuild, answered 304 when the hash is the same.
-- devices/target-state-versions.int.test.ts writes each of these tables and checks the owner's
-- version moves, and that heartbeats and reports do not move it.
--
-- NOT NULL DEFAULT 0 with a constant default: PostgreSQL adds the column without rewriting rows.
ALTER TABLE device ADD COLUMN target_version bigint NOT NULL DEFAULT 0;
ALTER TABLE application ADD COLUMN target_version bigint NOT NULL DEFAULT 0;

-- The tag a device's state last hashed to, and what it was built from (`basis`: both versions
-- and the state's shape, target-state.repository.ts). Apart from the device row, so storing it
-- neither bumps device.modified_at nor rewrites a wide row.
CREATE TABLE device_target_cache (
  device integer PRIMARY KEY REFERENCES device (id) ON DELETE CASCADE,
  basis text NOT NULL,
  etag text NOT NULL
);

-- The device row's own inputs: its name, fleet and pin (uuid for completeness). Runs after
-- device_before_update (triggers fire by name), which may clear the pin on a fleet move.
CREATE FUNCTION device_target_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.uuid IS DISTINCT FROM OLD.uuid
     OR NEW.device_name IS DISTINCT FROM OLD.device_name
     OR NEW.belongs_to__application IS DISTINCT FROM OLD.belongs_to__application
     OR NEW.is_pinned_on__release IS DISTINCT FROM OLD.is_pinned_on__release THEN
    NEW.target_version := OLD.target_version + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER device_target_version BEFORE UPDATE ON device
  FOR EACH ROW EXECUTE FUNCTION device_target_version();

-- The application row's own inputs.
CREATE FUNCTION application_target_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.uuid IS DISTINCT FROM OLD.uuid
     OR NEW.app_name IS DISTINCT FROM OLD.app_name
     OR NEW.is_of__class IS DISTINCT FROM OLD.is_of__class
     OR NEW.is_host IS DISTINCT FROM OLD.is_host
     OR NEW.should_be_running__release IS DISTINCT FROM OLD.should_be_running__release THEN
    NEW.target_version := OLD.target_version + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER application_target_version BEFORE UPDATE ON application
  FOR EACH ROW EXECUTE FUNCTION application_target_version();

-- Writes that cannot change a state bump nothing: an UPDATE that changes no column (the same
-- value written again), and config variables the device never receives (BALENA_UI_*, RESIN_UI_*:
-- target-state.ts UI_VAR) before and after.
CREATE FUNCTION target_state_write_is_moot(tbl name, old_row jsonb, new_row jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (old_row IS NOT NULL AND new_row IS NOT NULL AND old_row - 'modified_at' = new_row - 'modified_at')
      OR (tbl LIKE '%config_variable'
          AND coalesce(old_row->>'name' ~ '^(BALENA|RESIN)_UI_', true)
          AND coalesce(new_row->>'name' ~ '^(BALENA|RESIN)_UI_', true))
$$;

-- The owner of a row of a fleet-side table: the application it belongs to, through its parent
-- where it has no application column. A parent already deleted (a cascade) resolves to NULL and
-- bumps nothing: the parent's own delete bumped its owner.
CREATE FUNCTION target_state_fleet_of(tbl name, r jsonb) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE tbl
    WHEN 'application_config_variable' THEN (r->>'application')::integer
    WHEN 'application_environment_variable' THEN (r->>'application')::integer
    WHEN 'release' THEN (r->>'belongs_to__application')::integer
    WHEN 'service' THEN (r->>'application')::integer
    WHEN 'service_label' THEN (SELECT s.application FROM service s WHERE s.id = (r->>'service')::integer)
    WHEN 'service_environment_variable' THEN (SELECT s.application FROM service s WHERE s.id = (r->>'service')::integer)
    WHEN 'image' THEN (SELECT s.application FROM service s WHERE s.id = (r->>'is_a_build_of__service')::integer)
    WHEN 'release_image' THEN (SELECT rl.belongs_to__application FROM release rl WHERE rl.id = (r->>'is_part_of__release')::integer)
    WHEN 'image_label' THEN (SELECT rl.belongs_to__application FROM release_image ri JOIN release rl ON rl.id = ri.is_part_of__release WHERE ri.id = (r->>'release_image')::integer)
    WHEN 'image_environment_variable' THEN (SELECT rl.belongs_to__application FROM release_image ri JOIN release rl ON rl.id = ri.is_part_of__release WHERE ri.id = (r->>'release_image')::integer)
  END
$$;

-- The owner of a row of a device-side table.
CREATE FUNCTION target_state_device_of(tbl name, r jsonb) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE tbl
    WHEN 'device_config_variable' THEN (r->>'device')::integer
    WHEN 'device_environment_variable' THEN (r->>'device')::integer
    WHEN 'service_install' THEN (r->>'device')::integer
    WHEN 'device_service_environment_variable' THEN (SELECT si.device FROM service_install si WHERE si.id = (r->>'service_install')::integer)
  END
$$;

-- One trigger function for both sides: TG_ARGV[0] says whose version a table's rows bump.
CREATE FUNCTION target_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
BEGIN
  IF target_state_write_is_moot(TG_TABLE_NAME, old_row, new_row) THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'fleet' THEN
    UPDATE application SET target_version = target_version + 1
     WHERE id IN (target_state_fleet_of(TG_TABLE_NAME, old_row), target_state_fleet_of(TG_TABLE_NAME, new_row));
  ELSE
    UPDATE device SET target_version = target_version + 1
     WHERE id IN (target_state_device_of(TG_TABLE_NAME, old_row), target_state_device_of(TG_TABLE_NAME, new_row));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON application_config_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON application_environment_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
-- A new release, service or image is in no state until a target or a release_image names it
-- (those bump); of their later updates only the columns a state reads count (a release's status
-- and an image's build progress change often during a deploy and are in no state).
CREATE TRIGGER target_state_version AFTER DELETE OR UPDATE OF commit, composition, belongs_to__application ON release FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER DELETE OR UPDATE OF service_name, application ON service FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON service_label FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON service_environment_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER DELETE OR UPDATE OF is_stored_at__image_location, content_hash, is_a_build_of__service ON image FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON release_image FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON image_label FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON image_environment_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('fleet');

CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON device_config_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('device');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON device_environment_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('device');
-- A new install carries no variables yet (theirs bump on their own): only its change or removal
-- can alter the state, so device creation (one install per service) costs no extra UPDATE.
CREATE TRIGGER target_state_version AFTER UPDATE OR DELETE ON service_install FOR EACH ROW EXECUTE FUNCTION target_state_changed('device');
CREATE TRIGGER target_state_version AFTER INSERT OR UPDATE OR DELETE ON device_service_environment_variable FOR EACH ROW EXECUTE FUNCTION target_state_changed('device');
