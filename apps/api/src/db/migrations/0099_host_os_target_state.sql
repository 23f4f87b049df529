-- 1. The host OS target (device.should_be_operated_by__release: balena-cli `device os-update`,
-- SDK `pinToOsRelease`) is part of a device's target state since this migration (the host app's
-- entry, devices/target-state.ts): a change of it moves the device's target version, as a pin
-- does (0098), so the device's next poll gets the new state instead of a 304.
--
-- 2. `target_state_epoch`: a sequence advanced by every bump of a device's or a fleet's target
-- version. jobs/update-trigger.ts reads its last value each tick (one cheap read) and looks for
-- linked devices behind their state only when it moved, so an idle server does no such work.
-- A sequence, not a counter row: nextval never waits for another transaction.
CREATE SEQUENCE target_state_epoch;

CREATE OR REPLACE FUNCTION device_target_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.uuid IS DISTINCT FROM OLD.uuid
     OR NEW.device_name IS DISTINCT FROM OLD.device_name
     OR NEW.belongs_to__application IS DISTINCT FROM OLD.belongs_to__application
     OR NEW.is_pinned_on__release IS DISTINCT FROM OLD.is_pinned_on__release
     OR NEW.should_be_operated_by__release IS DISTINCT FROM OLD.should_be_operated_by__release THEN
    NEW.target_version := OLD.target_version + 1;
    PERFORM nextval('target_state_epoch');
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION application_target_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.uuid IS DISTINCT FROM OLD.uuid
     OR NEW.app_name IS DISTINCT FROM OLD.app_name
     OR NEW.is_of__class IS DISTINCT FROM OLD.is_of__class
     OR NEW.is_host IS DISTINCT FROM OLD.is_host
     OR NEW.should_be_running__release IS DISTINCT FROM OLD.should_be_running__release THEN
    NEW.target_version := OLD.target_version + 1;
    PERFORM nextval('target_state_epoch');
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION target_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM nextval('target_state_epoch');
  RETURN NULL;
END $$;

-- 3. The poll interval the device was given with the state it last received: the heartbeat job
-- times a device out after 1.5 × that interval, not the one set since (the device learns a new
-- interval only at its next poll: lowering it must not flag devices offline before they could
-- know). NULL for states stored before: the job reads the configured interval then.
ALTER TABLE device_target_cache ADD COLUMN poll_interval_ms bigint;

-- States stored before this migration lack the host app: those devices' next poll rebuilds.
UPDATE device SET target_version = target_version + 1 WHERE should_be_operated_by__release IS NOT NULL;
