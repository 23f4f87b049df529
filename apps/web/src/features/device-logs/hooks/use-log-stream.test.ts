// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLogStream } from './use-log-stream.ts';

/** The hook against a real HTTP stream: the 3 s wait before "empty", the 5000-line cap, clearing. */

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(body: string): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.write(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/device/v2/abc/logs?stream=1`;
}

const line = (i: number) => JSON.stringify({ message: `line ${i}`, timestamp: i, createdAt: i, isSystem: false, isStdErr: false });

describe('useLogStream', () => {
  it('says "empty" only after the stream has been quiet for 3 s', async () => {
    const url = await serve('\n');
    const { result, unmount } = renderHook(() => useLogStream(url));
    await waitFor(() => expect(result.current.status.kind).toBe('live'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(result.current.isEmptyShown).toBe(false);
    await waitFor(() => expect(result.current.isEmptyShown).toBe(true), { timeout: 2000 });
    unmount();
  });

  it('keeps the newest 5000 lines and forgets them on clearShown', async () => {
    const url = await serve(Array.from({ length: 5200 }, (_, i) => `${line(i)}\n`).join(''));
    const { result, unmount } = renderHook(() => useLogStream(url));
    await waitFor(() => expect(result.current.lines.at(-1)?.message).toBe('line 5199'), { timeout: 5000 });
    expect(result.current.lines).toHaveLength(5000);
    expect(result.current.lines[0]?.message).toBe('line 200');
    act(() => result.current.clearShown());
    expect(result.current.lines).toHaveLength(0);
    unmount();
  });

  it('opens no stream without a URL (local mode)', () => {
    const { result } = renderHook(() => useLogStream(null));
    expect(result.current.lines).toEqual([]);
    expect(result.current.status.kind).toBe('connecting');
  });
});
