import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { byPrincipal, col, everyone, nobody, or } from '../access/rule-builders.ts';
import { createdAt, field, fk, id, reverse } from './field-helpers.ts';

const readOnlyForAll = { read: everyone, create: nobody, update: nobody, delete: nobody };

export const cpuArchitecture: ResourceDef = {
  name: 'cpu_architecture',
  table: 'cpu_architecture',
  fields: [id, createdAt, field('slug', 'Short Text')],
  navs: [reverse('is_supported_by__device_type', 'device_type', 'is_of__cpu_architecture')],
  naturalKeys: [['slug']],
  permissions: readOnlyForAll,
  catalog: true,
};

export const deviceManufacturer: ResourceDef = {
  name: 'device_manufacturer',
  table: 'device_manufacturer',
  fields: [id, createdAt, field('slug', 'Short Text'), field('name', 'Short Text')],
  naturalKeys: [['slug']],
  permissions: readOnlyForAll,
};

export const deviceFamily: ResourceDef = {
  name: 'device_family',
  table: 'device_family',
  fields: [id, createdAt, field('slug', 'Short Text'), field('name', 'Short Text'), fk('is_manufactured_by__device_manufacturer', 'device_manufacturer', { nullable: true })],
  naturalKeys: [['slug']],
  permissions: readOnlyForAll,
};

/** Private device types are visible to members of organizations granted access to them. */
const privateTypeVisible = (a: string, userId: number) =>
  sql`EXISTS (SELECT 1 FROM organization__has_private_access_to__device_type pa
        JOIN organization_membership om ON om.is_member_of__organization = pa.organization
       WHERE pa.has_private_access_to__device_type = ${col(a, 'id')} AND om."user" = ${userId})`;

export const deviceType: ResourceDef = {
  name: 'device_type',
  table: 'device_type',
  fields: [
    id,
    createdAt,
    field('slug', 'Short Text'),
    field('name', 'Short Text'),
    // An SVG or PNG data URL.
    field('logo', 'Text', { nullable: true, maxLength: 1_000_000 }),
    field('contract', 'JSON', { nullable: true }),
    field('is_private', 'Boolean'),
    fk('is_of__cpu_architecture', 'cpu_architecture'),
    fk('belongs_to__device_family', 'device_family', { nullable: true }),
  ],
  navs: [
    reverse('device_type_alias', 'device_type_alias', 'device_type', ['device_type__is_referenced_by__alias']),
    reverse('is_default_for__application', 'application', 'is_for__device_type'),
    reverse('describes__device', 'device', 'is_of__device_type'),
  ],
  naturalKeys: [['slug']],
  permissions: {
    read: (a, p) => {
      if (p.kind === 'system') return true;
      const isPublic = sql`NOT ${col(a, 'is_private')}`;
      return p.kind === 'user' ? or(isPublic, privateTypeVisible(a, p.userId)) : isPublic;
    },
    create: nobody,
    update: nobody,
    delete: nobody,
  },
  catalog: true,
};

export const deviceTypeAlias: ResourceDef = {
  name: 'device_type_alias',
  aliases: ['device_type__is_referenced_by__alias'],
  table: 'device_type_alias',
  fields: [id, createdAt, fk('device_type', 'device_type'), field('is_referenced_by__alias', 'Short Text')],
  naturalKeys: [['is_referenced_by__alias']],
  permissions: readOnlyForAll,
};

export const organizationPrivateDeviceType: ResourceDef = {
  name: 'organization__has_private_access_to__device_type',
  table: 'organization__has_private_access_to__device_type',
  fields: [id, createdAt, fk('organization', 'organization'), fk('has_private_access_to__device_type', 'device_type')],
  permissions: {
    read: byPrincipal({
      user: (a, p) => sql`EXISTS (SELECT 1 FROM organization_membership om WHERE om.is_member_of__organization = ${col(a, 'organization')} AND om."user" = ${p.userId})`,
    }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};
