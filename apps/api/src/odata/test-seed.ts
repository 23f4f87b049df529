import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Test support only: fixed rows for the fixture model. Users: 1 alice (org 1 "aorg"),
 * 2 bob (org 2 "borg"), 3 carol (no org). Fleets: 1 aorg/fleet1, 2 borg/fleet2,
 * 3 borg/public (public). Devices 1–3 in fleet 1, 4 in fleet 2, 5 in the public fleet.
 */
export async function seedFixture(db: Db): Promise<void> {
  await sql.raw(`
INSERT INTO "user" (username, password_hash) VALUES ('alice', 'secret'), ('bob', 'secret'), ('carol', 'secret');
INSERT INTO organization (name, handle, created_at) VALUES ('Alice Org', 'aorg', '2026-01-01T00:00:00Z'), ('Bob Org', 'borg', '2026-02-01T00:00:00Z');
INSERT INTO organization_membership ("user", is_member_of__organization) VALUES (1, 1), (2, 2);
INSERT INTO cpu_architecture (slug) VALUES ('aarch64'), ('amd64');
INSERT INTO device_type (slug, name, contract, is_of__cpu_architecture) VALUES
  ('raspberrypi4-64', 'Raspberry Pi 4', '{"data":{"arch":"aarch64"}}', 1), ('intel-nuc', 'Intel NUC', NULL, 2);
INSERT INTO application (app_name, slug, organization, is_for__device_type, is_public, created_at) VALUES
  ('fleet1', 'aorg/fleet1', 1, 1, false, '2026-01-02T00:00:00Z'),
  ('fleet2', 'borg/fleet2', 2, 2, false, '2026-01-03T00:00:00Z'),
  ('public', 'borg/public', 2, 1, true, '2026-01-04T00:00:00Z');
INSERT INTO release (commit, status, belongs_to__application, is_final, composition, image_size, score, created_at) VALUES
  ('c0ffee01', 'success', 1, true, '{"services":{"main":{}}}', 5000000000, 1.5, '2026-03-01T10:00:00Z'),
  ('c0ffee02', 'success', 1, true, NULL, NULL, 2.5, '2026-03-02T10:00:00Z'),
  ('c0ffee03', 'failed', 1, false, NULL, NULL, NULL, '2026-03-03T10:00:00Z'),
  ('beef0001', 'success', 2, true, NULL, 10, NULL, '2026-03-04T10:00:00Z'),
  ('feed0001', 'success', 3, true, NULL, NULL, NULL, '2026-03-05T10:00:00Z');
UPDATE application SET should_be_running__release = 2 WHERE id = 1;
INSERT INTO device (uuid, device_name, note, is_online, belongs_to__application, is_of__device_type, is_pinned_on__release, is_running__release, api_secret, created_at) VALUES
  ('aaaa0001', 'alpha', 'o''x y', true, 1, 1, 1, 2, 's1', '2026-04-01T00:00:00Z'),
  ('aaaa0002', 'bravo', NULL, false, 1, 1, NULL, 2, 's2', '2026-04-02T00:00:00Z'),
  ('aaaa0003', 'charlie & co', '50% done', true, 1, 2, NULL, NULL, 's3', '2026-04-03T00:00:00Z'),
  ('bbbb0001', 'delta', NULL, true, 2, 2, NULL, 4, 's4', '2026-04-04T00:00:00Z'),
  ('cccc0001', 'echo', NULL, false, 3, 1, NULL, 5, 's5', '2026-04-05T00:00:00Z');
INSERT INTO device_tag (device, tag_key, value) VALUES (1, 'location', 'lab'), (1, 'k', 'v'), (2, 'k', 'w'), (4, 'location', 'home');
INSERT INTO app_env_var (application, name, value) VALUES (1, 'FOO', 'bar'), (1, 'BAZ', 'qux'), (2, 'FOO', 'bob');
INSERT INTO service (application, service_name) VALUES (1, 'main'), (1, 'sidecar'), (2, 'main');
INSERT INTO service_install (device, service) VALUES (1, 1), (1, 2), (2, 1), (4, 3);
`).execute(db);
}
