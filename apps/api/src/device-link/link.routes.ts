import type { FastifyInstance } from 'fastify';
import { DEVICE_LINK_PATH, LINK_CLOSE } from '@flotilla/core/device-link';
import { findLinkableDevice, setLinkState } from './cloudlink.repository.ts';
import { LinkConnection } from './link-connection.ts';
import { LINK_ACCESS_CHECK_MS, linkVerdict } from './link-access.ts';
import { relayTerminals } from '../terminal/terminal-relay.ts';

/**
 * A link whose start could not be recorded (the database refused every try) is closed with
 * "try again later" (1013, which the agent answers with its back-off and a new link): kept, it
 * would be a link the dashboard shows as missing; attached to a socket closed by the error, it
 * would leak in the hub.
 */
const CLOSE_TRY_AGAIN = 1013;

/**
 * `GET /device/v1/link` (packages/core/src/device-link.ts): a device's key opens its link.
 * Anything but a device key, or a device that is not active or is frozen (devices/device-frozen.ts), is closed with `unauthorized`
 * without a word more (the same for every refusal). An open link is checked again every
 * LINK_ACCESS_CHECK_MS (link-access.ts): its key revoked or expired closes it with `unauthorized`,
 * its device deleted or deactivated with `gone`. While the link is open the device is
 * "connected" (cloudlink.repository.ts, which also pushes the change to the dashboard once it is
 * written); the hub (app.linkHub) is how /supervisor reaches it.
 */
export async function linkRoutes(app: FastifyInstance): Promise<void> {
  // A refusal is the link's own close code (agents back off on it), never an HTTP 401 before the upgrade.
  app.get(DEVICE_LINK_PATH, { websocket: true, config: { acceptsAnonymous: true } }, async (socket, request) => {
    const principal = request.principal;
    const device = principal.kind === 'device' ? await findLinkableDevice(app.db, principal.deviceId) : undefined;
    if (!device) {
      socket.close(LINK_CLOSE.unauthorized, 'Unauthorized');
      return;
    }
    const live = { db: app.db, eventBus: app.eventBus, log: request.log };
    const link = new LinkConnection(socket);
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    const stopTerminals = await relayTerminals(app, device.uuid, link);
    await app.linkHub.attach(device.uuid, link);
    const recorded = await setLinkState(app.db, device.id, true, live).then(
      () => true,
      (error: unknown) => {
        request.log.warn({ err: error }, 'could not record a device link start');
        return false;
      },
    );
    if (!recorded) {
      // Out of the hub before the device hears of it: its next link must not find this one.
      await stopTerminals();
      await app.linkHub.detach(device.uuid, link);
      socket.close(CLOSE_TRY_AGAIN, 'Try again later');
      return;
    }
    // Asked again now and then (link-access.ts): a key revoked or a device deleted ends the link.
    const checker = setInterval(() => {
      linkVerdict(request, device.id).then(
        (verdict) => {
          if (verdict !== null) socket.close(verdict, verdict === LINK_CLOSE.gone ? 'Gone' : 'Unauthorized');
        },
        (error: unknown) => request.log.warn({ err: error }, 'could not check an open device link'),
      );
    }, app.config.linkAccessCheckMs ?? LINK_ACCESS_CHECK_MS);
    checker.unref();
    await ended;
    clearInterval(checker);
    await stopTerminals();
    await app.linkHub.detach(device.uuid, link);
    // A replaced link's device is linked elsewhere: its end is not a disconnect.
    if (!link.isReplaced) {
      await setLinkState(app.db, device.id, false, live).catch((error: unknown) => request.log.warn({ err: error }, 'could not record a device link end'));
    }
  });
}
