import { describe, expect, it } from 'vitest';
import type { DeviceServiceRow } from './api/device-services.queries.ts';
import { serviceLines } from './current-services.ts';

const row = (id: number, service: string, status: string, progress: number | null, release: { id: number; raw_version: string } | null): DeviceServiceRow => ({
  id,
  status,
  download_progress: progress,
  installs__image: [{ id: id * 10, is_a_build_of__service: [{ service_name: service }] }],
  is_provided_by__release: release ? [{ id: release.id, commit: `c${release.id}`, raw_version: release.raw_version }] : [],
});

describe('serviceLines (fleets spec §4 Container status)', () => {
  it('colours running and idle green, stopped red, anything else blue', () => {
    const lines = serviceLines([
      row(1, 'a', 'Running', null, { id: 1, raw_version: '1.0.0' }),
      row(2, 'b', 'Idle', null, { id: 1, raw_version: '1.0.0' }),
      row(3, 'c', 'Stopped', null, { id: 1, raw_version: '1.0.0' }),
      row(4, 'd', 'Downloading', 40, { id: 1, raw_version: '1.0.0' }),
      row(5, 'e', 'exited', null, { id: 1, raw_version: '1.0.0' }),
    ]);
    expect(lines.map((l) => [l.serviceName, l.color])).toEqual([
      ['a', 'success'], ['b', 'success'], ['c', 'error'], ['d', 'info'], ['e', 'info'],
    ]);
  });

  it('gives downloading and installing a bar: the reported percent, clamped, or none claimed', () => {
    const lines = serviceLines([
      row(1, 'a', 'Downloading', 42.6, { id: 2, raw_version: '2.0.0' }),
      row(2, 'b', 'Installing', null, { id: 2, raw_version: '2.0.0' }),
      row(3, 'c', 'Downloading', 140, { id: 2, raw_version: '2.0.0' }),
      row(4, 'd', 'Running', 100, { id: 2, raw_version: '2.0.0' }),
    ]);
    expect(lines.map((l) => [l.showsProgress, l.percent])).toEqual([[true, 43], [true, null], [true, 100], [false, null]]);
  });

  it('names the image each container runs (what the controls send)', () => {
    const [line] = serviceLines([row(4, 'web', 'Running', null, { id: 1, raw_version: '1.0.0' })]);
    expect(line?.imageId).toBe(40);
  });

  it('orders by service and, during an update, puts the newer release first', () => {
    const lines = serviceLines([
      row(1, 'web', 'Running', null, { id: 1, raw_version: '1.0.0' }),
      row(2, 'api', 'Running', null, { id: 1, raw_version: '1.0.0' }),
      row(3, 'web', 'Downloading', 10, { id: 2, raw_version: '1.1.0' }),
    ]);
    expect(lines.map((l) => `${l.serviceName}@${l.release?.rawVersion}`)).toEqual(['api@1.0.0', 'web@1.1.0', 'web@1.0.0']);
  });

  it('names an install whose image or release is not readable with a dash, not a crash', () => {
    const [line] = serviceLines([{ id: 9, status: 'Running', download_progress: null, installs__image: [], is_provided_by__release: [] }]);
    expect(line).toMatchObject({ serviceName: '—', release: null, imageId: null });
  });
});
