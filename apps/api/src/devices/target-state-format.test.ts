import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TargetStateRow } from './target-state.repository.ts';
import { TARGET_STATE_FORMAT, buildTargetStateV2, buildTargetStateV3 } from './target-state.ts';

/**
 * A stored tag is trusted while the rows' versions stay (issue 16 W1), so a change to what the
 * builders make of the same rows must come with a new TARGET_STATE_FORMAT, or devices holding a
 * tag of the old shape would keep their old body until a write moved a version. This fixture's bodies are recorded per format:
 * when this test fails, the shape moved: bump TARGET_STATE_FORMAT and record the new hashes.
 */
const RECORDED: Record<number, { v2: string; v3: string }> = {
  1: { v2: 'd82b088e802582a9', v3: 'e9a787e218adcb41' },
};

const row: TargetStateRow = {
  basis: '0:0:1:v3:600000',
  cached_etag: null,
  cache_valid: false,
  id: 7,
  uuid: 'a'.repeat(32),
  device_name: 'greenhouse',
  belongs_to__application: 3,
  api_heartbeat_state: 'online',
  is_online: true,
  last_connectivity_event: null,
  app_uuid: 'b'.repeat(32),
  app_name: 'plants',
  is_of__class: 'fleet',
  is_host: false,
  release_id: 11,
  commit: 'c'.repeat(32),
  composition: { version: '2.1', services: { main: { build: '.', labels: { 'io.balena.features.dbus': '1' }, ports: ['80:80'] } }, volumes: { data: {} } },
  app_config: { BALENA_SUPERVISOR_POLL_INTERVAL: '900000', BALENA_UI_THEME: 'dark' },
  device_config: { RESIN_SUPERVISOR_LOCAL_MODE: '0' },
  app_env: { MODE: 'fleet', SHARED: 'fleet' },
  device_env: { MODE: 'device' },
  host_app: null,
  services: [
    {
      service_id: 5,
      service_name: 'main',
      image_id: 13,
      image_location: 'registry.local/v2/abc',
      content_hash: 'sha256:0123',
      image_env: { FROM_IMAGE: '1' },
      image_labels: { 'io.balena.update.strategy': 'download-then-kill' },
      service_env: { SHARED: 'service' },
      service_labels: { 'io.balena.features.kernel-modules': '1' },
      device_service_env: { ONLY_HERE: 'yes' },
    },
  ],
};

const hash = (state: unknown) => createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 16);

describe('target state format', () => {
  it('builds the recorded bodies for the current TARGET_STATE_FORMAT', () => {
    const recorded = RECORDED[TARGET_STATE_FORMAT];
    expect(recorded, `no hashes recorded for format ${TARGET_STATE_FORMAT}`).toBeDefined();
    const built = { v2: hash(buildTargetStateV2(row, 600_000)), v3: hash(buildTargetStateV3(row, 600_000)) };
    expect(built, 'the state’s shape moved: bump TARGET_STATE_FORMAT (target-state.ts) and record these').toEqual(recorded);
  });
});

describe('the host OS target in the v3 state', () => {
  it('is the host app of the release the device should be operated by, with no services, beside the fleet', () => {
    const host = { uuid: 'd'.repeat(32), id: 40, name: 'raspberrypi4-64', release_id: 90, commit: 'e'.repeat(32) };
    const state = buildTargetStateV3({ ...row, host_app: host }, 600_000) as Record<string, { apps: Record<string, unknown> }>;
    const apps = state[row.uuid]!.apps;
    expect(Object.keys(apps).sort()).toEqual([row.app_uuid, host.uuid].sort());
    expect(apps[host.uuid]).toEqual({ id: 40, name: 'raspberrypi4-64', class: 'app', is_host: true, releases: { [host.commit]: { id: 90, services: {} } } });
    // Without a host OS target the state is the fleet's alone (the recorded hashes above).
    expect(Object.keys((buildTargetStateV3(row, 600_000) as Record<string, { apps: Record<string, unknown> }>)[row.uuid]!.apps)).toEqual([row.app_uuid]);
  });
});
