/**
 * A Server-Sent Events reader for a fetch() body (the dashboard's push channel,
 * schemas/live-events.ts; the API's tests and bench read it the same way). The browser's own
 * EventSource cannot send an Authorization header, and tokens stay out of URLs.
 *
 * The WHATWG event-stream format, the part our server writes: `event:` and `data:` fields,
 * `:` comments (keep-alives), a blank line ends a message; CR, LF and CRLF line ends.
 * (eventsource-parser on npm does the same; a dependency of the root lock file for ~40 lines
 * was not worth it.)
 */
export interface SseMessage {
  /** `message` when the server named none. */
  event: string;
  data: string;
}

export class SseParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];
  readonly #onMessage: (message: SseMessage) => void;
  /** Called for each comment line (keep-alives), so a reader can tell a live stream from a stalled one. */
  readonly #onComment?: () => void;

  constructor(onMessage: (message: SseMessage) => void, onComment?: () => void) {
    this.#onMessage = onMessage;
    this.#onComment = onComment;
  }

  /** Feeds decoded text; complete lines are handled, a partial one waits for the rest. */
  push(text: string): void {
    this.#buffer += text;
    // A trailing CR may be half of a CRLF: that line ends with the next chunk.
    const holdCr = this.#buffer.endsWith('\r');
    const lines = (holdCr ? this.#buffer.slice(0, -1) : this.#buffer).split(/\r\n|\r|\n/);
    const rest = lines.pop() ?? '';
    this.#buffer = holdCr ? `${rest}\r` : rest;
    for (const line of lines) this.#line(line);
  }

  #line(line: string): void {
    if (line === '') {
      if (this.#data.length > 0) this.#onMessage({ event: this.#event || 'message', data: this.#data.join('\n') });
      this.#event = '';
      this.#data = [];
      return;
    }
    if (line.startsWith(':')) {
      this.#onComment?.();
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
  }
}
