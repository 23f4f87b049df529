-- compat §6.4 device_history (balena-sdk device.history.*): one row per stretch of a device's
-- fleet, device type, running and pinned release, OS, supervisor and activity. The database
-- writes it, so every path that changes a device (OData, the state report, moves, registration,
-- deletion) leaves its trace. The stretch going on now has no end_timestamp; a deleted device's
-- rows stay, their last one ended (tracks__device then reads null, the uuid remains).
CREATE FUNCTION device_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE device_history SET end_timestamp = now()
     WHERE tracks__device = OLD.id AND end_timestamp IS NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  INSERT INTO device_history (tracks__device, uuid, belongs_to__application, is_of__device_type, is_running__release,
                              should_be_running__release, os_version, os_variant, supervisor_version, is_active)
  VALUES (NEW.id, NEW.uuid, NEW.belongs_to__application, NEW.is_of__device_type, NEW.is_running__release,
          NEW.is_pinned_on__release, NEW.os_version, NEW.os_variant, NEW.supervisor_version, NEW.is_active);
  RETURN NEW;
END $$;

CREATE TRIGGER device_history_insert AFTER INSERT ON device
  FOR EACH ROW EXECUTE FUNCTION device_history_record();
-- Only a change of what the history tracks: heartbeats, metrics and names write no row.
CREATE TRIGGER device_history_update AFTER UPDATE ON device
  FOR EACH ROW WHEN (
    NEW.uuid IS DISTINCT FROM OLD.uuid
    OR NEW.belongs_to__application IS DISTINCT FROM OLD.belongs_to__application
    OR NEW.is_of__device_type IS DISTINCT FROM OLD.is_of__device_type
    OR NEW.is_running__release IS DISTINCT FROM OLD.is_running__release
    OR NEW.is_pinned_on__release IS DISTINCT FROM OLD.is_pinned_on__release
    OR NEW.os_version IS DISTINCT FROM OLD.os_version
    OR NEW.os_variant IS DISTINCT FROM OLD.os_variant
    OR NEW.supervisor_version IS DISTINCT FROM OLD.supervisor_version
    OR NEW.is_active IS DISTINCT FROM OLD.is_active)
  EXECUTE FUNCTION device_history_record();
-- Before the delete: afterwards the foreign key has already set tracks__device to null.
CREATE TRIGGER device_history_delete BEFORE DELETE ON device
  FOR EACH ROW EXECUTE FUNCTION device_history_record();

-- The stretch going on now, found by the trigger on every tracked change.
CREATE INDEX device_history_open_idx ON device_history (tracks__device) WHERE end_timestamp IS NULL;

-- Devices that exist already start their history now.
INSERT INTO device_history (tracks__device, uuid, belongs_to__application, is_of__device_type, is_running__release,
                            should_be_running__release, os_version, os_variant, supervisor_version, is_active)
SELECT id, uuid, belongs_to__application, is_of__device_type, is_running__release,
       is_pinned_on__release, os_version, os_variant, supervisor_version, is_active
  FROM device;
