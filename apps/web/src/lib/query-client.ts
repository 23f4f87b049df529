/**
 * Refetch intervals the queries share. Kept apart from `createQueryClient`
 * (lib/create-query-client.ts), which reports errors as toasts: the query modules the boot
 * script runs (src/boot.ts) import these and must not load toasts, i18n and React with them.
 */

/** Fleets spec §9: default polling interval 15 s. */
export const DEFAULT_POLL_MS = 15_000;
/** Fleets spec §9: fleet list refetch 8 s. */
export const FLEET_LIST_POLL_MS = 8_000;
/** Fleets spec §9: organization and device refresh 60 s; device types refetch 60 s. */
export const DEVICE_REFRESH_MS = 60_000;
export const DEVICE_TYPES_REFETCH_MS = 60_000;
