import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiToDeviceTerminal, deviceToApiTerminal, type DeviceToApiTerminal } from '@flotilla/core/device-link';
import type { LinkConnection } from '../device-link/link-connection.ts';

/**
 * Event bus topics of terminal traffic (DESIGN.md "Live data and scale-out": the browser's socket
 * and the device's link may be held by different API processes). `terminal-device:<uuid>`
 * carries the API → device frames to whichever process holds the device's link;
 * `terminal:<session>` carries the device's frames back to the process holding the browser.
 */
export const deviceTopic = (uuid: string) => `terminal-device:${uuid}`;
export const sessionTopic = (session: string) => `terminal:${session}`;

/**
 * Frames between API processes only, never sent to a device. An open session asks, at each of
 * its periodic checks, whether the link it was opened through still holds it (`terminal-check`
 * on the device's topic); the relay of the device's link answers `terminal-held`, or
 * `terminal-exit` when the session is not one of its own. No answer by the next check: the
 * process that held the link is gone without a word (killed, cut off from Redis) and so is the
 * shell, which ends with the device's socket; the browser is told the session ended instead of
 * typing into nothing.
 */
const terminalCheck = z.object({ type: z.literal('terminal-check'), session: z.string().min(1).max(64) });
const terminalHeld = z.object({ type: z.literal('terminal-held'), session: z.string().min(1).max(64) });
/** What a relay hears on a device's topic. */
export const relayInbound = z.union([apiToDeviceTerminal, terminalCheck]);
export type RelayInbound = z.infer<typeof relayInbound>;
/** What a session hears on its own topic. */
export const sessionInbound = z.union([deviceToApiTerminal, terminalHeld]);

/**
 * On the process that holds a device's link: passes the terminal frames published for the device
 * to its link, and the device's answers back to each session's topic. Only sessions opened
 * through this link are relayed either way. Returns the stop function, called when the link
 * ends: every session still open is told it ended (exit without a code: the link took it down).
 */
export async function relayTerminals(app: FastifyInstance, uuid: string, link: LinkConnection): Promise<() => Promise<void>> {
  const open = new Set<string>();
  const publish = (frame: DeviceToApiTerminal | z.infer<typeof terminalHeld>) =>
    app.eventBus.publish(sessionTopic(frame.session), frame).catch((error: unknown) => app.log.warn({ err: error }, 'could not publish terminal output'));

  link.onTerminal = (frame) => {
    if (!open.has(frame.session)) return;
    if (frame.type === 'terminal-exit') open.delete(frame.session);
    void publish(frame);
  };
  const unsubscribe = await app.eventBus.subscribe(deviceTopic(uuid), (payload) => {
    const parsed = relayInbound.safeParse(payload);
    // A replaced link is on its way out; the device's new link (maybe on another process) answers.
    if (!parsed.success || link.isReplaced) return;
    const frame = parsed.data;
    if (frame.type === 'terminal-check') {
      void publish(open.has(frame.session) ? { type: 'terminal-held', session: frame.session } : { type: 'terminal-exit', session: frame.session, code: null });
      return;
    }
    if (frame.type === 'terminal-open') open.add(frame.session);
    else if (!open.has(frame.session)) {
      // Typed into a session this link never opened (it was on a link that is gone): it has ended.
      if (frame.type !== 'terminal-close') void publish({ type: 'terminal-exit', session: frame.session, code: null });
      return;
    }
    if (frame.type === 'terminal-close') open.delete(frame.session);
    if (!link.sendTerminal(frame) && open.delete(frame.session)) void publish({ type: 'terminal-exit', session: frame.session, code: null });
  });
  return async () => {
    link.onTerminal = null;
    await unsubscribe();
    const ended = [...open];
    open.clear();
    await Promise.all(ended.map((session) => publish({ type: 'terminal-exit', session, code: null })));
  };
}
