import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { fleetScoped } from '../access/fleet-scoped.ts';
import { col, column, fleetVia, nobody } from '../access/rule-builders.ts';
import { callerThemself, imageOfReleaseFleet } from '../access/reference-rules.ts';
import { withPublicFleetRead } from '../access/public-fleet.ts';
import { createdAt, field, fk, id, reverse, through, writable } from './field-helpers.ts';
import { releaseHooks } from '../../releases/release.hooks.ts';
import { tagHooks } from '../../fleets/variable.hooks.ts';
import { imageHooks } from '../../registry/image.hooks.ts';
import { assetReadSql } from '../../release-assets/asset-href.ts';

const releaseFleet = column('belongs_to__application');
const viaRelease = (fk: string) => fleetVia(fk, 'release', releaseFleet);
const serviceFleet = column('application');
const viaService = (fk: string) => fleetVia(fk, 'service', serviceFleet);
const viaReleaseImage = fleetVia('release_image', 'release_image', viaRelease('is_part_of__release'));

export const release: ResourceDef = {
  name: 'release',
  table: 'release',
  fields: [
    id,
    createdAt,
    // Set once: moving a release would leave the old fleet's pins, target and images pointing at another fleet's release.
    fk('belongs_to__application', 'application', { writable: true, required: true, changeRule: nobody }),
    // balena deploy names the deploying user; nobody can name another.
    fk('is_created_by__user', 'user', { writable: true, nullable: true, reference: { rules: [callerThemself] } }),
    writable('commit', 'Short Text', { required: true }),
    // A docker-compose file as JSON, and a build's whole log: larger than the types' bounds.
    writable('composition', 'JSON', { maxLength: 1_000_000 }),
    writable('status', 'Short Text', { required: true }),
    writable('source', 'Short Text'),
    writable('build_log', 'Text', { nullable: true, maxLength: 8_000_000 }),
    writable('is_invalidated', 'Boolean'),
    writable('invalidation_reason', 'Text', { nullable: true }),
    writable('start_timestamp', 'Date Time'),
    writable('end_timestamp', 'Date Time', { nullable: true }),
    writable('update_timestamp', 'Date Time'),
    writable('is_final', 'Boolean'),
    field('is_finalized_at__date', 'Date Time', { nullable: true }),
    writable('is_passing_tests', 'Boolean'),
    writable('release_version', 'Short Text', { nullable: true }),
    writable('semver', 'Short Text', { sortsAsVersion: true }),
    field('semver_major', 'Integer'),
    field('semver_minor', 'Integer'),
    field('semver_patch', 'Integer'),
    field('semver_prerelease', 'Short Text'),
    field('semver_build', 'Short Text'),
    writable('variant', 'Short Text'),
    field('revision', 'Integer', { nullable: true }),
    field('raw_version', 'Short Text', { sortsAsVersion: true }),
    field('version', 'JSON', {
      computed: (a) =>
        sql`jsonb_build_object('raw', ${sql.ref(`${a}.raw_version`)}, 'major', ${sql.ref(`${a}.semver_major`)}, 'minor', ${sql.ref(`${a}.semver_minor`)}, 'patch', ${sql.ref(`${a}.semver_patch`)}, 'prerelease', ${sql.ref(`${a}.semver_prerelease`)}, 'build', ${sql.ref(`${a}.semver_build`)}, 'version', ${sql.ref(`${a}.raw_version`)})`,
    }),
    writable('known_issue_list', 'Text', { nullable: true }),
    writable('note', 'Text', { nullable: true }),
    writable('contract', 'JSON', { nullable: true }),
    writable('phase', 'Short Text', { nullable: true }),
  ],
  navs: [
    reverse('release_tag', 'release_tag', 'release', ['release__has__tag_key']),
    reverse('release_image', 'release_image', 'is_part_of__release', ['image__is_part_of__release']),
    reverse('release_asset', 'release_asset', 'release', ['release__has__asset_key']),
    through('contains__image', 'image', 'release_image', 'is_part_of__release', 'image'),
    reverse('should_be_running_on__application', 'application', 'should_be_running__release'),
    reverse('is_running_on__device', 'device', 'is_running__release'),
    reverse('is_pinned_to__device', 'device', 'is_pinned_on__release'),
    reverse('should_operate__device', 'device', 'should_be_operated_by__release'),
    reverse('should_manage__device', 'device', 'should_be_managed_by__release'),
    reverse('provides__image_install', 'image_install', 'is_provided_by__release'),
  ],
  naturalKeys: [['belongs_to__application', 'commit']],
  permissions: withPublicFleetRead(fleetScoped({ resource: 'release', fleetOf: releaseFleet }), releaseFleet),
  hooks: releaseHooks,
};

function keyValue(name: string, alias: string, owner: string, ownerTarget: string, key: string): ResourceDef {
  return {
    name,
    aliases: [alias],
    table: name,
    fields: [id, createdAt, fk(owner, ownerTarget, { writable: true, required: true }), writable(key, 'Short Text', { required: true }), writable('value', 'Text')],
    naturalKeys: [[owner, key]],
    permissions: fleetScoped({ resource: name, fleetOf: ownerTarget === 'release' ? viaRelease(owner) : viaService(owner) }),
  };
}

export const releaseTag: ResourceDef = (() => {
  const def = keyValue('release_tag', 'release__has__tag_key', 'release', 'release', 'tag_key');
  // The tag rules of fleet and device tags (a key is required).
  return { ...def, permissions: withPublicFleetRead(def.permissions, viaRelease('release')), hooks: tagHooks };
})();

export const releaseAsset: ResourceDef = {
  name: 'release_asset',
  aliases: ['release__has__asset_key'],
  table: 'release_asset',
  fields: [id, createdAt, fk('release', 'release', { writable: true, required: true }), writable('asset_key', 'Short Text', { required: true }), { ...writable('asset', 'JSON', { nullable: true }), readAs: assetReadSql }],
  naturalKeys: [['release', 'asset_key']],
  permissions: fleetScoped({ resource: 'release_asset', fleetOf: viaRelease('release') }),
};

export const service: ResourceDef = {
  name: 'service',
  aliases: ['application__has__service_name'],
  table: 'service',
  // Set once, like a release's fleet: a service moved to another fleet would take its images, and the releases containing them, along.
  fields: [id, createdAt, fk('application', 'application', { writable: true, required: true, changeRule: nobody }), writable('service_name', 'Short Text', { required: true })],
  navs: [
    reverse('service_environment_variable', 'service_environment_variable', 'service', ['application__has__service_name__has__name']),
    reverse('service_label', 'service_label', 'service', ['application__has__service_name__has__label_name']),
    reverse('service_install', 'service_install', 'installs__service', ['device__installs__application__has__service_name']),
    reverse('is_built_by__image', 'image', 'is_a_build_of__service'),
  ],
  naturalKeys: [['application', 'service_name']],
  permissions: withPublicFleetRead(fleetScoped({ resource: 'service', fleetOf: serviceFleet }), serviceFleet),
};

export const serviceLabel = keyValue('service_label', 'application__has__service_name__has__label_name', 'service', 'service', 'label_name');

const imageFleet = viaService('is_a_build_of__service');

export const image: ResourceDef = {
  name: 'image',
  table: 'image',
  fields: [
    id,
    createdAt,
    // Set once: re-parenting an image would put another fleet's build into this fleet's releases.
    fk('is_a_build_of__service', 'service', { writable: true, required: true, changeRule: nobody }),
    writable('start_timestamp', 'Date Time'),
    writable('end_timestamp', 'Date Time', { nullable: true }),
    writable('push_timestamp', 'Date Time', { nullable: true }),
    writable('status', 'Short Text'),
    writable('dockerfile', 'Text', { nullable: true, maxLength: 262_144 }),
    writable('image_size', 'Big Integer', { nullable: true }),
    field('is_stored_at__image_location', 'Short Text'),
    writable('content_hash', 'Short Text', { nullable: true }),
    writable('project_type', 'Short Text', { nullable: true }),
    writable('error_message', 'Text', { nullable: true }),
    writable('build_log', 'Text', { nullable: true, maxLength: 8_000_000 }),
    writable('contract', 'JSON', { nullable: true }),
  ],
  navs: [
    reverse('release_image', 'release_image', 'image', ['image__is_part_of__release']),
    reverse('image_install', 'image_install', 'installs__image', ['device__installs__image']),
  ],
  permissions: withPublicFleetRead(fleetScoped({ resource: 'image', fleetOf: imageFleet }), imageFleet),
  // is_stored_at__image_location is server-assigned (compat §6.1).
  hooks: imageHooks,
};

export const releaseImage: ResourceDef = {
  name: 'release_image',
  aliases: ['image__is_part_of__release'],
  table: 'release_image',
  fields: [
    id,
    createdAt,
    fk('image', 'image', {
      writable: true,
      required: true,
      aliases: ['contains__image'],
      reference: { rules: [imageOfReleaseFleet((row) => col(row, 'is_part_of__release'))] },
    }),
    fk('is_part_of__release', 'release', { writable: true, required: true, aliases: ['release'] }),
  ],
  navs: [
    reverse('image_label', 'image_label', 'release_image', ['image__is_part_of__release__has__label_name']),
    reverse('image_environment_variable', 'image_environment_variable', 'release_image', ['image__is_part_of__release__has__name']),
  ],
  naturalKeys: [['image', 'is_part_of__release']],
  permissions: withPublicFleetRead(fleetScoped({ resource: 'release_image', fleetOf: viaRelease('is_part_of__release') }), viaRelease('is_part_of__release')),
};

function imageKeyValue(name: string, alias: string, key: string): ResourceDef {
  return {
    name,
    aliases: [alias],
    table: name,
    fields: [id, createdAt, fk('release_image', 'release_image', { writable: true, required: true }), writable(key, 'Short Text', { required: true }), writable('value', 'Text')],
    naturalKeys: [['release_image', key]],
    permissions: fleetScoped({ resource: name, fleetOf: viaReleaseImage }),
  };
}

export const imageLabel = imageKeyValue('image_label', 'image__is_part_of__release__has__label_name', 'label_name');
export const imageEnvironmentVariable = imageKeyValue('image_environment_variable', 'image__is_part_of__release__has__name', 'name');
