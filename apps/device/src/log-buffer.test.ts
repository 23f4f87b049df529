import { describe, expect, it } from 'vitest';
import { LogBuffer } from './log-buffer.ts';

describe('LogBuffer', () => {
  it('drops the oldest lines past its bound and sends in batches', async () => {
    const b = new LogBuffer(5, 2);
    for (let i = 0; i < 7; i++) b.push(`m${i}`, i);
    expect(b.pending.map((l) => l.message)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    const sent: string[][] = [];
    await b.flush(async (lines) => void sent.push(lines.map((l) => l.message)));
    expect(sent).toEqual([['m2', 'm3']]);
    expect(b.pending).toHaveLength(3);
  });

  it('keeps lines when sending fails and marks system vs container lines', async () => {
    const b = new LogBuffer();
    b.push('system', 1);
    b.push('app', 2, 9);
    await expect(b.flush(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(b.pending).toEqual([
      { message: 'system', timestamp: 1, isSystem: true },
      { message: 'app', timestamp: 2, serviceId: 9 },
    ]);
  });
});
