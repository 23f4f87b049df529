import type { FleetWithSettings } from '../features/fleets/api/fleets.queries.ts';

/** A fleet as fleetQuery answers it (id 7, "greenhouse", private, no repository URL), with `overrides`. */
export const fleetFixture = (overrides: Partial<FleetWithSettings> = {}): FleetWithSettings => ({
  id: 7,
  app_name: 'greenhouse',
  slug: 'acme/greenhouse',
  is_of__class: 'fleet',
  created_at: '2026-01-01T00:00:00Z',
  is_for__device_type: [],
  organization: [],
  uuid: 'f7a1',
  is_accessible_by_support_until__date: null,
  should_be_running__release: [],
  should_track_latest_release: true,
  is_public: false,
  is_stored_at__repository_url: null,
  application_type: [{ id: 1, name: 'Starter', slug: 'starter', is_legacy: false }],
  ...overrides,
});
