import { saveText } from '../../lib/save-file.ts';

/**
 * File names of the release's downloads (fleets spec §2 "Dockerfile and compose download file
 * names are built from the app, release and service"): `<app>-<release version>-<service>.Dockerfile`
 * for a service's Dockerfile, `<app>-<release version>-<service>.docker-compose.yml` for its part
 * of the composition, `<app>-<release version>.docker-compose.yml` for the whole. Characters a
 * file system may refuse become `_`.
 */

function safe(part: string): string {
  // Path separators, control characters and the characters Windows refuses.
  // eslint-disable-next-line no-control-regex
  return part.trim().replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_');
}

function base(appName: string, version: string, service?: string): string {
  return [appName, version, ...(service === undefined ? [] : [service])].map(safe).join('-');
}

export function dockerfileName(appName: string, version: string, service: string): string {
  return `${base(appName, version, service)}.Dockerfile`;
}

export function composeFileName(appName: string, version: string, service?: string): string {
  return `${base(appName, version, service)}.docker-compose.yml`;
}

/** Saves `text` as a file named `name`. */
export const downloadText = saveText;
