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

export type { ApplicationClass } from '@flotilla/core/application-class';

