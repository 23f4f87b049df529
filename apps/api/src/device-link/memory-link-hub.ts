import type { LinkCall, LinkHub, LinkReply, LocalLink } from './link-hub.ts';

/** One API process: the links are the ones this process holds. */
export class MemoryLinkHub implements LinkHub {
  readonly #links = new Map<string, LocalLink>();

  attach(uuid: string, link: LocalLink): Promise<void> {
    const previous = this.#links.get(uuid);
    this.#links.set(uuid, link);
    if (previous && previous !== link) previous.replace();
    return Promise.resolve();
  }

  detach(uuid: string, link: LocalLink): Promise<void> {
    if (this.#links.get(uuid) === link) this.#links.delete(uuid);
    return Promise.resolve();
  }

  async forward(uuid: string, request: LinkCall): Promise<LinkReply | null> {
    const link = this.#links.get(uuid);
    return link ? link.call(request) : null;
  }

  linkedAmong(uuids: readonly string[]): Promise<Set<string>> {
    return Promise.resolve(new Set(uuids.filter((uuid) => this.#links.has(uuid))));
  }

  localLinks(): string[] {
    return [...this.#links.keys()];
  }

  /** Whether this process holds a link of the device. */
  holds(uuid: string): boolean {
    return this.#links.has(uuid);
  }

  close(): Promise<void> {
    this.#links.clear();
    return Promise.resolve();
  }
}
