/**
 * `/fleets/$fleetId/devices`, as the router matches it (routes.tsx here and in features/fleets).
 * Dependency-free: the build's route-preload script (vite.config.ts) tests it too.
 */
export const DEVICE_LIST_PATH = /^\/fleets\/(\d+)\/devices$/;
