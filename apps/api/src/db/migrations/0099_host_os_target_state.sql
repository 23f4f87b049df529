-- The host OS target (device.should_be_operated_by__release: balena-cli `device os-update`, SDK
-- `pinToOsRelease`) is part of a device's target state since this migration (the host app's
-- entry, devices/target-state.ts): a change of it moves the device's target version, as a pin
-- does (0098), so the device's next poll gets the new state instead of a 304.
CREATE OR REPLACE FUNCTION device_target_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.uuid IS DISTINCT FROM OLD.uuid
     OR NEW.device_name IS DISTINCT FROM OLD.device_name
     OR NEW.belongs_to__application IS DISTINCT FROM OLD.belongs_to__application
     OR NEW.is_pinned_on__release IS DISTINCT FROM OLD.is_pinned_on__release
     OR NEW.should_be_operated_by__release IS DISTINCT FROM OLD.should_be_operated_by__release THEN
    NEW.target_version := OLD.target_version + 1;
  END IF;
  RETURN NEW;
END $$;

-- States stored before this migration lack the host app: those devices' next poll rebuilds.
UPDATE device SET target_version = target_version + 1 WHERE should_be_operated_by__release IS NOT NULL;
