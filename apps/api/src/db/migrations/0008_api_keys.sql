-- Opaque secrets stored as sha256 hex (key_hash); the secret itself is shown once.
-- The owning actor decides the kind: a user's named key, a fleet's provisioning key, a device key.
CREATE TABLE api_key (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  is_of__actor integer NOT NULL REFERENCES actor (id) ON DELETE CASCADE,
  name text,
  description text,
  expiry_date timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_key_actor_idx ON api_key (is_of__actor);

-- Deleting a user, fleet or device deletes its actor, and with it every key it owned.
CREATE FUNCTION delete_owned_actor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM actor WHERE id = OLD.actor;
  RETURN NULL;
END $$;
CREATE TRIGGER user_delete_actor AFTER DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION delete_owned_actor();
CREATE TRIGGER application_delete_actor AFTER DELETE ON application FOR EACH ROW EXECUTE FUNCTION delete_owned_actor();
CREATE TRIGGER device_delete_actor AFTER DELETE ON device FOR EACH ROW EXECUTE FUNCTION delete_owned_actor();
