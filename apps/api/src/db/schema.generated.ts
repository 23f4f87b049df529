/**
 * GENERATED FILE — do not edit. The Kysely `DB` interface of the migrated schema
 * (tables and views of db/migrations/*.sql), used by `Db` in db/database.ts.
 * Regenerate after changing a migration: `npm run db:types` (scripts/db-types.ts).
 * db/schema-types.int.test.ts fails while this file is stale.
 */

import type { ColumnType } from "kysely";

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface Actor {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
}

export interface ApiKey {
  created_at: Generated<Timestamp>;
  description: string | null;
  expiry_date: Timestamp | null;
  id: Generated<number>;
  is_issued_for__oauth_authorization: number | null;
  is_of__actor: number;
  key_hash: string;
  last_used_at: Timestamp | null;
  name: string | null;
}

export interface Application {
  actor: number;
  app_name: string;
  application_type: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_accessible_by_support_until__date: Timestamp | null;
  is_archived: Generated<boolean>;
  is_discoverable: Generated<boolean>;
  is_for__device_type: number;
  is_host: Generated<boolean>;
  is_of__class: Generated<string>;
  is_public: Generated<boolean>;
  is_stored_at__repository_url: string | null;
  organization: number;
  should_be_running__release: number | null;
  should_track_latest_release: Generated<boolean>;
  slug: string;
  target_version: Generated<bigint | number | string>;
  uuid: string;
}

export interface ApplicationConfigVariable {
  application: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  value: Generated<string>;
}

export interface ApplicationEnvironmentVariable {
  application: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  value: Generated<string>;
}

export interface ApplicationInvite {
  application_membership_role: number;
  created_at: Generated<Timestamp>;
  expires_at: Generated<Timestamp>;
  id: Generated<number>;
  invitee: number;
  is_created_by__user: number | null;
  is_invited_to__application: number;
  message: string | null;
  token_hash: string;
}

export interface ApplicationMembershipRole {
  description: string | null;
  id: Generated<number>;
  name: string;
}

export interface ApplicationTag {
  application: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  tag_key: string;
  value: Generated<string>;
}

export interface ApplicationType {
  created_at: Generated<Timestamp>;
  description: string | null;
  id: Generated<number>;
  is_legacy: Generated<boolean>;
  maximum_device_count: number | null;
  name: string;
  needs__os_version_range: string | null;
  requires_payment: Generated<boolean>;
  slug: string;
  supports_gateway_mode: Generated<boolean>;
  supports_multicontainer: Generated<boolean>;
  supports_web_url: Generated<boolean>;
}

export interface BillingAccount {
  account_state: Generated<string>;
  address1: string | null;
  address2: string | null;
  city: string | null;
  company_name: string | null;
  country: string | null;
  created_at: Generated<Timestamp>;
  email: string | null;
  id: Generated<number>;
  organization: number;
  phone: string | null;
  provider_customer_id: string | null;
  state: string | null;
  tax_id_country: string | null;
  tax_id_type: string | null;
  tax_id_value: string | null;
  zip: string | null;
}

export interface BillingInfo {
  address: Json | null;
  card_type: string | null;
  company: string | null;
  created_at: Generated<Timestamp>;
  first_one: string | null;
  id: Generated<number>;
  last_four: string | null;
  month: number | null;
  organization: number;
  routing_number: string | null;
  token_id: string | null;
  type: string;
  year: number | null;
}

export interface BillingLease {
  expires_at: Timestamp;
  holder: string;
  key: string;
}

export interface BuildEnvironmentVariable {
  application: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  value: Generated<string>;
}

export interface CpuArchitecture {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  slug: string;
}

export interface CreditBundle {
  belongs_to__organization: number;
  created_at: Generated<Timestamp>;
  error_message: string | null;
  expires_on__date: Generated<Timestamp>;
  id: Generated<number>;
  is_created_by__user: number | null;
  is_for__feature: number;
  original_quantity: number;
  payment_status: Generated<string>;
  total_balance: number;
  total_cost: number;
}

export interface CreditConsumption {
  consumed_at: Generated<Timestamp>;
  id: Generated<number>;
  invoice: number | null;
  is_for__feature: number;
  organization: number;
  quantity: number;
}

export interface Device {
  actor: number;
  api_heartbeat_state: Generated<string>;
  api_port: number | null;
  api_secret: string | null;
  belongs_to__application: number | null;
  belongs_to__user: number | null;
  changed_api_heartbeat_state_on__date: Timestamp | null;
  cpu_id: string | null;
  cpu_temp: number | null;
  cpu_usage: number | null;
  created_at: Generated<Timestamp>;
  custom_latitude: string | null;
  custom_longitude: string | null;
  device_name: string;
  download_progress: number | null;
  id: Generated<number>;
  ip_address: string | null;
  is_accessible_by_support_until__date: Timestamp | null;
  is_active: Generated<boolean>;
  is_connected_to_vpn: Generated<boolean>;
  is_frozen: Generated<boolean>;
  is_in_local_mode: Generated<boolean>;
  is_locked_until__date: Timestamp | null;
  is_managed_by__service_instance: number | null;
  is_of__device_type: number;
  is_online: Generated<boolean>;
  is_pinned_on__release: number | null;
  is_running__release: number | null;
  is_undervolted: Generated<boolean>;
  is_web_accessible: Generated<boolean>;
  last_connectivity_event: Timestamp | null;
  last_update_status_event: Timestamp | null;
  last_vpn_event: Timestamp | null;
  latitude: string | null;
  local_id: string | null;
  location: string | null;
  longitude: string | null;
  mac_address: string | null;
  memory_total: number | null;
  memory_usage: number | null;
  metrics_reported_at: Timestamp | null;
  modified_at: Generated<Timestamp>;
  note: string | null;
  os_line: string | null;
  os_variant: string | null;
  os_version: string | null;
  provisioning_progress: number | null;
  provisioning_state: string | null;
  public_address: string | null;
  should_be_managed_by__release: number | null;
  should_be_operated_by__release: number | null;
  status: string | null;
  storage_block_device: string | null;
  storage_total: number | null;
  storage_usage: number | null;
  supervisor_version: string | null;
  target_version: Generated<bigint | number | string>;
  update_status: string | null;
  uuid: string;
  vpn_address: string | null;
}

export interface DeviceAction {
  action: string;
  completed_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  device: number;
  error_message: string | null;
  id: Generated<number>;
  is_created_by__actor: number | null;
  parameters: Generated<Json>;
  result: Json | null;
  status: Generated<string>;
}

export interface DeviceConfigVariable {
  created_at: Generated<Timestamp>;
  device: number;
  id: Generated<number>;
  name: string;
  value: Generated<string>;
}

export interface DeviceEnvironmentVariable {
  created_at: Generated<Timestamp>;
  device: number;
  id: Generated<number>;
  name: string;
  value: Generated<string>;
}

export interface DeviceFamily {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_manufactured_by__device_manufacturer: number | null;
  name: string;
  slug: string;
}

export interface DeviceHistory {
  belongs_to__application: number | null;
  created_at: Generated<Timestamp>;
  end_timestamp: Timestamp | null;
  id: Generated<number>;
  is_active: boolean | null;
  is_created_by__actor: number | null;
  is_ended_by__actor: number | null;
  is_of__device_type: number | null;
  is_running__release: number | null;
  os_variant: string | null;
  os_version: string | null;
  should_be_running__release: number | null;
  supervisor_version: string | null;
  tracks__device: number | null;
  uuid: string;
}

export interface DeviceLog {
  created_at: Generated<Timestamp>;
  device: number;
  id: Generated<number>;
  is_stderr: Generated<boolean>;
  is_system: Generated<boolean>;
  message: string;
  service_id: number | null;
  timestamp: Timestamp;
}

export interface DeviceManufacturer {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface DeviceServiceEnvironmentVariable {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  service_install: number;
  value: Generated<string>;
}

export interface DeviceTag {
  created_at: Generated<Timestamp>;
  device: number;
  id: Generated<number>;
  tag_key: string;
  value: Generated<string>;
}

export interface DeviceTargetCache {
  basis: string;
  device: number;
  etag: string;
  poll_interval_ms: bigint | number | string | null;
}

export interface DeviceType {
  belongs_to__device_family: number | null;
  contract: Json | null;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_of__cpu_architecture: number;
  is_private: Generated<boolean>;
  logo: string | null;
  name: string;
  slug: string;
}

export interface DeviceTypeAlias {
  created_at: Generated<Timestamp>;
  device_type: number;
  id: Generated<number>;
  is_referenced_by__alias: string;
}

export interface DiscountCode {
  code: string;
  created_at: Generated<Timestamp>;
  discount_percentage: number;
  id: Generated<number>;
  is_valid_until__date: Timestamp | null;
  plan: number | null;
}

export interface EmailOutbox {
  attempts: Generated<number>;
  created_at: Generated<Timestamp>;
  failed_at: Timestamp | null;
  html_body: string | null;
  id: Generated<number>;
  kind: string;
  last_error: string | null;
  next_attempt_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
  subject: string;
  text_body: string;
  to_address: string;
}

export interface Feature {
  billing_code: string | null;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  slug: string;
  title: string;
}

export interface IdentityProvider {
  certificate: string;
  created_at: Generated<Timestamp>;
  entry_point: string;
  id: Generated<number>;
  issuer: string;
  sso_identifier: string;
}

export interface IdentityProviderMembership {
  authorizes__organization: number;
  created_at: Generated<Timestamp>;
  grants_access_to__team: number | null;
  id: Generated<number>;
  is_authorized_by__identity_provider: number;
}

export interface Image {
  build_log: string | null;
  content_hash: string | null;
  contract: Json | null;
  created_at: Generated<Timestamp>;
  dockerfile: string | null;
  end_timestamp: Timestamp | null;
  error_message: string | null;
  id: Generated<number>;
  image_size: bigint | number | string | null;
  is_a_build_of__service: number;
  is_stored_at__image_location: string;
  project_type: string | null;
  push_timestamp: Timestamp | null;
  start_timestamp: Generated<Timestamp>;
  status: Generated<string>;
}

export interface ImageEnvironmentVariable {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  release_image: number;
  value: Generated<string>;
}

export interface ImageInstall {
  created_at: Generated<Timestamp>;
  device: number;
  download_progress: number | null;
  id: Generated<number>;
  install_date: Generated<Timestamp>;
  installs__image: number;
  is_provided_by__release: number;
  status: string;
}

export interface ImageLabel {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  label_name: string;
  release_image: number;
  value: Generated<string>;
}

export interface Invitee {
  created_at: Generated<Timestamp>;
  email: string;
  id: Generated<number>;
}

export interface Invoice {
  attempt_count: Generated<number>;
  created_at: Generated<Timestamp>;
  credit_bundle: number | null;
  currency: Generated<string>;
  description: string | null;
  due_on: Timestamp | null;
  failure_message: string | null;
  id: Generated<number>;
  invoice_number: string;
  last_attempt_at: Timestamp | null;
  organization: number;
  paid_on: Timestamp | null;
  payment_method_token: string | null;
  period_end: Timestamp | null;
  period_start: Timestamp | null;
  plan_change: Json | null;
  state: Generated<string>;
  subscription: number | null;
  total_in_cents: Generated<number>;
  uuid: string;
}

export interface InvoiceLine {
  amount_in_cents: Generated<number>;
  description: string;
  feature_slug: string | null;
  id: Generated<number>;
  invoice: number;
  quantity: Generated<number>;
  unit_amount_in_cents: Generated<number>;
}

export interface LocalPaymentCharge {
  amount_in_cents: number;
  created_at: Generated<Timestamp>;
  idempotency_key: string;
  message: string | null;
  organization: number | null;
  reference: string | null;
  succeeded: boolean;
}

export interface LoginAttempt {
  attempted_at: Generated<Timestamp>;
  bucket: string;
  expires_at: Timestamp;
  id: Generated<number>;
}

export interface LoginKnownAddress {
  address: string;
  last_success_at: Timestamp;
  user_id: number;
}

export interface OauthApplication {
  client_id: string;
  client_secret_hash: string | null;
  created_at: Generated<Timestamp>;
  description: string | null;
  id: Generated<number>;
  is_created_by__user: number | null;
  name: string;
  redirect_uri: string;
}

export interface OauthApplicationAuthorization {
  belongs_to__user: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  oauth_application: number;
}

export interface OauthAuthorizationCode {
  code_challenge: string | null;
  code_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  has_explicit_redirect_uri: Generated<boolean>;
  id: Generated<number>;
  issued__api_key: number | null;
  oauth_application: number;
  redirect_uri: string;
  used_at: Timestamp | null;
  user: number;
}

export interface Organization {
  billing_account_code: string | null;
  company_name: string | null;
  created_at: Generated<Timestamp>;
  handle: string;
  has_past_due_invoice_since__date: Timestamp | null;
  id: Generated<number>;
  industry: string | null;
  is_enforcing_saml_login: Generated<boolean>;
  is_frozen: Generated<boolean>;
  is_using__billing_version: Generated<string>;
  logo_image: string | null;
  name: string;
  website: string | null;
}

export interface OrganizationCreditNotification {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_sent_when_below__threshold: number;
  last_sent_at: Timestamp | null;
  organization: number;
  owns_credit_notification_for__feature: number;
}

export interface OrganizationHasPrivateAccessToDeviceType {
  created_at: Generated<Timestamp>;
  has_private_access_to__device_type: number;
  id: Generated<number>;
  organization: number;
}

export interface OrganizationInvite {
  created_at: Generated<Timestamp>;
  expires_at: Generated<Timestamp>;
  id: Generated<number>;
  invitee: number;
  is_created_by__user: number | null;
  is_invited_to__organization: number;
  message: string | null;
  organization_membership_role: number;
  token_hash: string;
}

export interface OrganizationMembership {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_member_of__organization: number;
  organization_membership_role: number;
  user: number;
}

export interface OrganizationMembershipRole {
  description: string | null;
  id: Generated<number>;
  name: string;
}

export interface OrganizationMembershipTag {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  organization_membership: number;
  tag_key: string;
  value: Generated<string>;
}

export interface Plan {
  annual_price: Generated<number>;
  billing_code: string;
  can_self_serve: Generated<boolean>;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  included_devices: Generated<number>;
  is_legacy: Generated<boolean>;
  is_valid_from__date: Timestamp | null;
  is_valid_until__date: Timestamp | null;
  monthly_price: Generated<number>;
  supports_credits: Generated<boolean>;
  tier_order: Generated<number>;
  title: string;
}

export interface PlanAddon {
  base_price: Generated<number>;
  bills_dynamically: Generated<boolean>;
  can_self_serve: Generated<boolean>;
  feature: number;
  id: Generated<number>;
  plan: number;
}

export interface PlanFeature {
  feature: number;
  id: Generated<number>;
  plan: number;
  quantity: Generated<number>;
}

export interface RecoveryCode {
  code_hash: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  used_timestamp: Timestamp | null;
  user: number;
}

export interface Release {
  belongs_to__application: number;
  build_log: string | null;
  commit: string;
  composition: Generated<Json>;
  contract: Json | null;
  created_at: Generated<Timestamp>;
  end_timestamp: Timestamp | null;
  id: Generated<number>;
  invalidation_reason: string | null;
  is_created_by__user: number | null;
  is_final: Generated<boolean>;
  is_finalized_at__date: Timestamp | null;
  is_invalidated: Generated<boolean>;
  is_passing_tests: Generated<boolean>;
  known_issue_list: string | null;
  note: string | null;
  phase: string | null;
  raw_version: Generated<string>;
  release_version: string | null;
  revision: number | null;
  semver: Generated<string>;
  semver_build: Generated<string>;
  semver_major: Generated<number>;
  semver_minor: Generated<number>;
  semver_patch: Generated<number>;
  semver_prerelease: Generated<string>;
  source: Generated<string>;
  start_timestamp: Generated<Timestamp>;
  status: string;
  update_timestamp: Generated<Timestamp>;
  variant: Generated<string>;
}

export interface ReleaseAsset {
  asset: Json | null;
  asset_key: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  release: number;
}

export interface ReleaseAssetFile {
  content: Uint8Array;
  download_key: string;
  release_asset: number;
}

export interface ReleaseAssetUpload {
  chunk_size: number;
  content_type: string;
  created_at: Generated<Timestamp>;
  filename: string;
  release_asset: number;
  size: bigint | number | string;
  uuid: string;
}

export interface ReleaseAssetUploadPart {
  content: Uint8Array;
  etag: string;
  part_number: number;
  upload: string;
}

export interface ReleaseImage {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  image: number;
  is_part_of__release: number;
}

export interface ReleaseTag {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  release: number;
  tag_key: string;
  value: Generated<string>;
}

export interface SamlAccount {
  belongs_to__user: number;
  created_at: Generated<Timestamp>;
  display_name: string | null;
  id: Generated<number>;
  remote_id: string;
  was_generated_by__identity_provider: number;
}

export interface SamlRequest {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: string;
  identity_provider: number;
}

export interface SamlSignInCode {
  code_hash: string;
  created_at: Generated<Timestamp>;
  display_name: string | null;
  email: string;
  expires_at: Timestamp;
  id: Generated<number>;
  identity_provider: number;
  kind: string;
  remote_id: string;
  used_at: Timestamp | null;
  user: number | null;
}

export interface SchemaMigration {
  applied_at: Generated<Timestamp>;
  name: string;
}

export interface Service {
  application: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  service_name: string;
}

export interface ServiceEnvironmentVariable {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  service: number;
  value: Generated<string>;
}

export interface ServiceInstall {
  created_at: Generated<Timestamp>;
  device: number;
  id: Generated<number>;
  installs__service: number;
}

export interface ServiceInstance {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  ip_address: string | null;
  last_heartbeat: Timestamp | null;
}

export interface ServiceLabel {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  label_name: string;
  service: number;
  value: Generated<string>;
}

export interface SetupIntent {
  client_secret: string;
  confirmed_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  organization: number;
  payment_method: Json | null;
  payment_method_token: string | null;
  provider_id: string;
  status: Generated<string>;
}

export interface SocialServiceAccount {
  belongs_to__user: number;
  created_at: Generated<Timestamp>;
  display_name: string | null;
  id: Generated<number>;
  provider: string;
  remote_id: string;
}

export interface Subscription {
  billing_cycle: Generated<string>;
  created_at: Generated<Timestamp>;
  current_period_end: Timestamp | null;
  discount_percentage: Generated<number>;
  ends_on__date: Timestamp | null;
  id: Generated<number>;
  is_active: Generated<boolean>;
  is_for__organization: number;
  is_for__plan: number;
  origin: string | null;
  plan_change_reason: string | null;
  starts_on__date: Generated<Timestamp>;
}

export interface SubscriptionAddonDiscount {
  discount_percentage: number;
  discounts__plan_addon: number;
  id: Generated<number>;
  is_for__subscription: number;
}

export interface SubscriptionPrepaidAddon {
  created_at: Generated<Timestamp>;
  discount_percentage: Generated<number>;
  expires_on__date: Timestamp | null;
  feature: number;
  id: Generated<number>;
  is_for__subscription: number;
  quantity: number;
  starts_on__date: Generated<Timestamp>;
}

export interface SupportAttachment {
  content_type: string;
  created_at: Generated<Timestamp>;
  data: Uint8Array;
  filename: string;
  id: Generated<number>;
  is_uploaded_by__user: number | null;
  size: number;
  support_ticket: number | null;
  token: string;
}

export interface SupportFeature {
  feature: number;
  id: Generated<number>;
  support_tier: number;
}

export interface SupportTicket {
  created_at: Generated<Timestamp>;
  custom_fields: Generated<Json>;
  description: string;
  email_ccs: Generated<Json>;
  id: Generated<number>;
  is_assigned_to__user: number | null;
  is_created_by__user: number | null;
  is_for__organization: number;
  priority: Generated<string>;
  status: Generated<string>;
  subject: string;
  updated_at: Generated<Timestamp>;
}

export interface SupportTicketComment {
  body: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_public: Generated<boolean>;
  is_written_by__user: number | null;
  support_ticket: number;
}

export interface SupportTicketField {
  active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  editable_in_portal: Generated<boolean>;
  id: Generated<number>;
  options: Json | null;
  position: Generated<number>;
  required_in_portal: Generated<boolean>;
  title_in_portal: string;
  type: string;
  visible_in_portal: Generated<boolean>;
}

export interface SupportTier {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  includes__SLA: Generated<boolean>;
  includes_private_support: Generated<boolean>;
  slug: string;
  title: string;
}

export interface Team {
  belongs_to__organization: number;
  created_at: Generated<Timestamp>;
  description: string | null;
  id: Generated<number>;
  name: string;
}

export interface TeamApplicationAccess {
  application_membership_role: number;
  created_at: Generated<Timestamp>;
  grants_access_to__application: number;
  id: Generated<number>;
  team: number;
}

export interface TeamMembership {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_member_of__team: number;
  user: number;
}

export interface UsageDailyPeak {
  day: Timestamp;
  organization: number;
  peak: number;
  usage_key: string;
}

export interface User {
  account_type: string | null;
  actor: number;
  company: string | null;
  created_at: Generated<Timestamp>;
  email: string | null;
  first_name: string | null;
  has_been_sent_verification_email: Generated<boolean>;
  has_disabled_newsletter: Generated<boolean>;
  has_legacy_link_to__organization: number | null;
  has_password_over_limit: Generated<boolean>;
  has_password_set: Generated<boolean>;
  id: Generated<number>;
  is_2fa_enabled: Generated<boolean>;
  is_platform_admin: Generated<boolean>;
  is_support_agent: Generated<boolean>;
  is_verified: Generated<boolean>;
  jwt_secret: Generated<string>;
  last_name: string | null;
  must_be_verified: Generated<boolean>;
  password_hash: string | null;
  tokens_valid_after: Timestamp | null;
  totp_last_used_step: bigint | number | string | null;
  totp_pending_secret: string | null;
  totp_secret: string | null;
  username: string;
}

export interface UserActionToken {
  created_at: Generated<Timestamp>;
  email: string | null;
  expires_at: Timestamp;
  id: Generated<number>;
  purpose: string;
  token_hash: string;
  used_at: Timestamp | null;
  user: number;
}

export interface UserApplicationMemberRole {
  application_id: number | null;
  role_name: string | null;
  source: string | null;
  user_id: number | null;
}

export interface UserApplicationMembership {
  application_membership_role: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_member_of__application: number;
  user: number;
}

export interface UserApplicationRole {
  application_id: number | null;
  role_name: string | null;
  source: string | null;
  user_id: number | null;
}

export interface UserHasDirectAccessToApplication {
  has_direct_access_to__application: number | null;
  id: number | null;
  user: number | null;
}

export interface UserOrganizationMemberRole {
  organization_id: number | null;
  role_name: string | null;
  source: string | null;
  user_id: number | null;
}

export interface UserOrganizationRole {
  organization_id: number | null;
  role_name: string | null;
  source: string | null;
  user_id: number | null;
}

export interface UserProfile {
  account_type: string | null;
  company: string | null;
  created_at: Timestamp | null;
  email: string | null;
  first_name: string | null;
  has_disabled_newsletter: boolean | null;
  has_password_set: boolean | null;
  id: number | null;
  is_verified: boolean | null;
  last_name: string | null;
  must_be_verified: boolean | null;
}

export interface UserPublicKey {
  created_at: Generated<Timestamp>;
  fingerprint: string | null;
  id: Generated<number>;
  public_key: string;
  title: string;
  user: number;
}

export interface DB {
  actor: Actor;
  api_key: ApiKey;
  application: Application;
  application_config_variable: ApplicationConfigVariable;
  application_environment_variable: ApplicationEnvironmentVariable;
  application_invite: ApplicationInvite;
  application_membership_role: ApplicationMembershipRole;
  application_tag: ApplicationTag;
  application_type: ApplicationType;
  billing_account: BillingAccount;
  billing_info: BillingInfo;
  billing_lease: BillingLease;
  build_environment_variable: BuildEnvironmentVariable;
  cpu_architecture: CpuArchitecture;
  credit_bundle: CreditBundle;
  credit_consumption: CreditConsumption;
  device: Device;
  device_action: DeviceAction;
  device_config_variable: DeviceConfigVariable;
  device_environment_variable: DeviceEnvironmentVariable;
  device_family: DeviceFamily;
  device_history: DeviceHistory;
  device_log: DeviceLog;
  device_manufacturer: DeviceManufacturer;
  device_service_environment_variable: DeviceServiceEnvironmentVariable;
  device_tag: DeviceTag;
  device_target_cache: DeviceTargetCache;
  device_type: DeviceType;
  device_type_alias: DeviceTypeAlias;
  discount_code: DiscountCode;
  email_outbox: EmailOutbox;
  feature: Feature;
  identity_provider: IdentityProvider;
  identity_provider_membership: IdentityProviderMembership;
  image: Image;
  image_environment_variable: ImageEnvironmentVariable;
  image_install: ImageInstall;
  image_label: ImageLabel;
  invitee: Invitee;
  invoice: Invoice;
  invoice_line: InvoiceLine;
  local_payment_charge: LocalPaymentCharge;
  login_attempt: LoginAttempt;
  login_known_address: LoginKnownAddress;
  oauth_application: OauthApplication;
  oauth_application_authorization: OauthApplicationAuthorization;
  oauth_authorization_code: OauthAuthorizationCode;
  organization: Organization;
  organization__has_private_access_to__device_type: OrganizationHasPrivateAccessToDeviceType;
  organization_credit_notification: OrganizationCreditNotification;
  organization_invite: OrganizationInvite;
  organization_membership: OrganizationMembership;
  organization_membership_role: OrganizationMembershipRole;
  organization_membership_tag: OrganizationMembershipTag;
  plan: Plan;
  plan_addon: PlanAddon;
  plan_feature: PlanFeature;
  recovery_code: RecoveryCode;
  release: Release;
  release_asset: ReleaseAsset;
  release_asset_file: ReleaseAssetFile;
  release_asset_upload: ReleaseAssetUpload;
  release_asset_upload_part: ReleaseAssetUploadPart;
  release_image: ReleaseImage;
  release_tag: ReleaseTag;
  saml_account: SamlAccount;
  saml_request: SamlRequest;
  saml_sign_in_code: SamlSignInCode;
  schema_migration: SchemaMigration;
  service: Service;
  service_environment_variable: ServiceEnvironmentVariable;
  service_install: ServiceInstall;
  service_instance: ServiceInstance;
  service_label: ServiceLabel;
  setup_intent: SetupIntent;
  social_service_account: SocialServiceAccount;
  subscription: Subscription;
  subscription_addon_discount: SubscriptionAddonDiscount;
  subscription_prepaid_addon: SubscriptionPrepaidAddon;
  support_attachment: SupportAttachment;
  support_feature: SupportFeature;
  support_ticket: SupportTicket;
  support_ticket_comment: SupportTicketComment;
  support_ticket_field: SupportTicketField;
  support_tier: SupportTier;
  team: Team;
  team_application_access: TeamApplicationAccess;
  team_membership: TeamMembership;
  usage_daily_peak: UsageDailyPeak;
  user: User;
  user__has_direct_access_to__application: UserHasDirectAccessToApplication;
  user_action_token: UserActionToken;
  user_application_member_role: UserApplicationMemberRole;
  user_application_membership: UserApplicationMembership;
  user_application_role: UserApplicationRole;
  user_organization_member_role: UserOrganizationMemberRole;
  user_organization_role: UserOrganizationRole;
  user_profile: UserProfile;
  user_public_key: UserPublicKey;
}
