import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the release detail's writes (OData `release`, `release_tag`). */

/** What the page writes on a release (fleets spec §7 "Releases": semver, notes, known issues, validity, finalize). */
export interface ReleasePatch {
  known_issue_list?: string | null;
  note?: string | null;
  semver?: string;
  is_invalidated?: boolean;
  is_final?: true;
}

export async function patchRelease(id: number, body: ReleasePatch): Promise<void> {
  await pine.patch({ resource: 'release', id, body: { ...body } });
}

export async function deleteRelease(id: number): Promise<void> {
  await pine.delete({ resource: 'release', id });
}

export interface ReleaseTagValues {
  tag_key: string;
  value: string;
}

export async function createReleaseTag(releaseId: number, values: ReleaseTagValues): Promise<void> {
  await pine.post({ resource: 'release_tag', body: { release: releaseId, ...values } });
}

export async function updateReleaseTag(id: number, values: ReleaseTagValues): Promise<void> {
  await pine.patch({ resource: 'release_tag', id, body: { ...values } });
}

export async function deleteReleaseTag(id: number): Promise<void> {
  await pine.delete({ resource: 'release_tag', id });
}
