-- Actor ids and user/fleet/device ids are different numbers in balena, and clients must not
-- confuse them (api_key.is_of__actor filters use the actor id from whoami). Starting actors
-- at 1000 keeps them apart even on a fresh database, so a mix-up shows up in tests at once.
SELECT setval(pg_get_serial_sequence('actor', 'id'), GREATEST(999, (SELECT COALESCE(MAX(id), 0) FROM actor)));
