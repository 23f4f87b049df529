import { supervisorActionRequest, type SupervisorAction } from '@flotilla/core/device-actions';
import { ApiError, apiRequest } from '../../../lib/http.ts';

/** The device's update lock refused the action (the supervisor's 423): it may be forced (fleets spec §4, §8). */
export class SupervisorLockedError extends Error {
  constructor() {
    super('Supervisor locked');
    this.name = 'SupervisorLockedError';
  }
}

/** What an action needs to know of its device: its id and its fleet's id (compat §4.1 bodies). */
export interface ActionTarget {
  id: number;
  appId: number;
}

/**
 * Runs a supervisor action on one device through `POST /supervisor/<path>` (compat §4.1), with
 * the body the SDK sends. A 423 becomes SupervisorLockedError; "No online device(s) found" and
 * other refusals keep the server's message (ApiError).
 */
export async function runDeviceAction(action: SupervisorAction, device: ActionTarget, force = false): Promise<void> {
  const { path, body } = supervisorActionRequest(action, device, force);
  try {
    await apiRequest(`/supervisor${path}`, { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError && error.status === 423) throw new SupervisorLockedError();
    throw error;
  }
}
