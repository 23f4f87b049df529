/**
 * The shapes the dashboard reads through /v7 (compat §6; field names are the contract).
 * Only the fields the screens select are listed. Expanded navigations are always arrays;
 * unexpanded foreign keys are `{ __id }` or null.
 */

export interface NavRef {
  __id: number;
}

export interface Actor {
  id: number;
  actorType: 'user' | 'application' | 'device';
  actorTypeId: number;
  username?: string;
  email?: string | null;
}

export interface DeviceTypeRow {
  id: number;
  slug: string;
  name: string;
}

export interface OrganizationRow {
  id: number;
  name: string;
  handle: string;
}

export type ApplicationClass = 'fleet' | 'app' | 'block';

export interface FleetListRow {
  id: number;
  app_name: string;
  slug: string;
  is_of__class: ApplicationClass;
  created_at: string;
  is_for__device_type: Array<Pick<DeviceTypeRow, 'slug' | 'name'>>;
  organization: OrganizationRow[];
  /** From `owns__device/$count`. */
  owns__device: number;
}

export interface FleetDetail extends FleetListRow {
  should_track_latest_release: boolean;
}

export interface ReleaseRef {
  id: number;
  commit: string;
  raw_version: string;
}

export interface DeviceRow {
  id: number;
  uuid: string;
  device_name: string;
  overall_status: string;
  api_heartbeat_state: string;
  is_online: boolean;
  last_connectivity_event: string | null;
  os_version: string | null;
  os_variant: string | null;
  supervisor_version: string | null;
  ip_address: string | null;
  public_address: string | null;
  mac_address: string | null;
  is_of__device_type: Array<Pick<DeviceTypeRow, 'slug' | 'name'>>;
  is_running__release: ReleaseRef[];
}

export interface DeviceDetail extends DeviceRow {
  created_at: string;
  is_active: boolean;
  update_status: string | null;
  cpu_usage: number | null;
  cpu_temp: number | null;
  memory_usage: number | null;
  memory_total: number | null;
  storage_usage: number | null;
  storage_total: number | null;
  belongs_to__application: Array<Pick<FleetListRow, 'id' | 'app_name' | 'slug'>>;
  should_be_running__release: ReleaseRef[];
}
