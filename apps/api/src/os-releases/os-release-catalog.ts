import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { OS_RELEASE_PHASES, releaseVersionParts } from '@flotilla/core/os-releases';

/**
 * The host OS and supervisor releases an installation publishes (apps/api/reference-data/os-releases.json,
 * plus the file OS_RELEASES_FILE names): read and checked here, written by os-release-seed.ts.
 */

const version = z.string().refine((v) => releaseVersionParts(v) !== null, 'must be a semver version');
const range = z.string().regex(/^\d+(\.\d+){0,2}$/, 'must be a version prefix such as 2024.10');
/** Bytes of the raw (uncompressed) OS image, what SDK `os.getDownloadSize` reports. */
const downloadSize = z.number().int().positive();

/**
 * The image size a release reports when neither it nor its device type's entry gives one: a
 * balenaOS 6 raw image of the common boards (the rootfs partitions dominate) is about this size.
 */
export const DEFAULT_OS_IMAGE_BYTES = 1_200 * 1024 * 1024;

const hostRelease = z.object({
  version,
  /** prod/dev images of one version; omitted: one unified image. */
  variants: z.array(z.enum(['prod', 'dev'])).min(1).optional(),
  phase: z.enum(OS_RELEASE_PHASES).optional(),
  downloadSize: downloadSize.optional(),
});

const esrRelease = z.object({ version, basedOn: version.optional(), downloadSize: downloadSize.optional() });

const hostOs = z.object({
  deviceType: z.string().min(1),
  minTakeoverVersion: version.optional(),
  /** The image size of this type's releases that give none; unset: DEFAULT_OS_IMAGE_BYTES. */
  downloadSize: downloadSize.optional(),
  releases: z.array(hostRelease).default([]),
  esr: z
    .object({ next: range.optional(), current: range.optional(), sunset: range.optional(), releases: z.array(esrRelease).min(1) })
    .optional(),
});

const supervisor = z.object({
  arch: z.string().min(1),
  /** The device type the supervisor application is made for (any of the architecture). */
  deviceType: z.string().min(1),
  versions: z.array(version).min(1),
});

export const osReleaseCatalog = z.object({
  /** The host OS changelog the dashboard links a version to; `{version}` is replaced by its x.y.z. */
  changelogUrl: z.url({ protocol: /^https?$/ }).optional(),
  hostOs: z.array(hostOs).default([]),
  supervisors: z.array(supervisor).default([]),
});
export type OsReleaseCatalog = z.infer<typeof osReleaseCatalog>;

export const DEFAULT_CATALOG_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../reference-data/os-releases.json');

export function readCatalogFile(file: string): OsReleaseCatalog {
  const parsed = osReleaseCatalog.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The shipped catalog, plus the operator's file when given (its entries add to the shipped ones). */
export function loadOsReleaseCatalog(extraFile?: string): OsReleaseCatalog {
  const base = readCatalogFile(DEFAULT_CATALOG_FILE);
  if (!extraFile) return base;
  const extra = readCatalogFile(extraFile);
  return { changelogUrl: extra.changelogUrl ?? base.changelogUrl, hostOs: [...base.hostOs, ...extra.hostOs], supervisors: [...base.supervisors, ...extra.supervisors] };
}
