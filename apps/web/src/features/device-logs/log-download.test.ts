import { describe, expect, it } from 'vitest';
import { logDownloadText } from './log-download.ts';

const base = { seq: 1, isSystem: false, isStdErr: false, serviceId: null, uuid: null, serviceName: null };

describe('logDownloadText', () => {
  it('writes one line per log line with its UTC time, source and stderr mark', () => {
    const text = logDownloadText([
      { ...base, message: 'Supervisor starting', timestamp: Date.UTC(2026, 10, 27, 9, 0, 0), isSystem: true },
      { ...base, seq: 2, message: 'boom', timestamp: Date.UTC(2026, 10, 27, 9, 0, 1), serviceId: 4, serviceName: 'main', isStdErr: true },
      { ...base, seq: 3, message: 'ok', timestamp: Date.UTC(2026, 10, 27, 9, 0, 2), serviceId: 9 },
    ]);
    expect(text).toBe('2026-11-27T09:00:00.000Z system Supervisor starting\n2026-11-27T09:00:01.000Z main stderr boom\n2026-11-27T09:00:02.000Z - ok\n');
  });

  it('names the device on a fleet tail', () => {
    expect(logDownloadText([{ ...base, message: 'hi', timestamp: 0, uuid: 'abc', deviceName: 'pi-1', serviceName: 'web' }], true)).toBe('1970-01-01T00:00:00.000Z pi-1 web hi\n');
  });
});
