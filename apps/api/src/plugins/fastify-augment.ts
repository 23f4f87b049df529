// Declaration merging: what buildApp decorates onto Fastify, typed once for every module.
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppConfig } from '../lib/config.ts';
import type { LinkHub } from '../device-link/link-hub.ts';
import type { EventBus } from '../live/event-bus.ts';
import type { TargetTagWriter } from '../devices/target-tag-writer.ts';
import type { FleetTargetParts } from '../devices/fleet-target-parts.ts';
import type { PollReads } from '../devices/poll-reads.ts';
import type { CredentialReads } from '../auth/credential-reads.ts';
import type { AssetBodySlots } from '../release-assets/asset-body-slots.ts';
import type { OpenStreams } from '../lib/open-streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Where device links are held and reached (device-link/link-hub.ts). */
    linkHub: LinkHub;
    /** Live events between API processes (live/event-bus.ts). */
    eventBus: EventBus;
    /** Target-state tags written in batches (devices/target-tag-writer.ts). */
    targetTags: TargetTagWriter;
    /** Fleet parts of target states, by fleet version (devices/fleet-target-parts.ts). */
    fleetTargetParts: FleetTargetParts;
    /** Devices' own polls' statements, shared by the polls of one turn (devices/poll-reads.ts). */
    pollReads: PollReads;
    /** The user and API key lookups of authentication, shared by the requests of one turn (auth/credential-reads.ts). */
    credentialReads: CredentialReads;
    /** Release-asset files held in memory at once (release-assets/asset-body-slots.ts). */
    assetBodySlots: AssetBodySlots;
    /** Never-ending read streams each caller holds open (lib/open-streams.ts). */
    openStreams: OpenStreams;
  }
  interface FastifyRequest {
    /** Set by plugins/auth.ts on every request (anonymous when no credentials). */
    principal: Principal;
  }
}
