import { describe, expect, it } from 'vitest';
import { BUILD_LOG_MAX_LINES, BUILD_LOG_SCROLLBACK, buildLogHeight, buildLogTail } from './build-log.ts';
import { compositionYaml, serviceCompositionYaml } from './compose-yaml.ts';
import { composeFileName, dockerfileName } from './download-names.ts';
import { formatBytes } from '../../lib/format-size.ts';

describe('download names (fleets spec §2: from the app, release and service)', () => {
  it('names a Dockerfile and a compose file after app, version and service', () => {
    expect(dockerfileName('my-fleet', '1.2.3', 'api')).toBe('my-fleet-1.2.3-api.Dockerfile');
    expect(composeFileName('my-fleet', '1.2.3', 'api')).toBe('my-fleet-1.2.3-api.docker-compose.yml');
    expect(composeFileName('my-fleet', '1.2.3')).toBe('my-fleet-1.2.3.docker-compose.yml');
  });

  it('replaces characters a file system refuses', () => {
    expect(dockerfileName('a/b', '1.0.0+rev1', 'c:d')).toBe('a_b-1.0.0+rev1-c_d.Dockerfile');
  });
});

describe('buildLogTail (fleets spec §9: up to 2999 lines)', () => {
  it('keeps every line of a short log, without an empty last line', () => {
    expect(buildLogTail('a\nb\n')).toEqual({ lines: ['a', 'b'], omitted: 0 });
    expect(buildLogTail(null)).toEqual({ lines: [], omitted: 0 });
  });

  it('keeps the last 2999 lines of a long log and says how many were left out', () => {
    const log = Array.from({ length: 3005 }, (_, i) => `line ${i + 1}`).join('\n');
    const { lines, omitted } = buildLogTail(log);
    expect(lines).toHaveLength(BUILD_LOG_MAX_LINES);
    expect(lines[0]).toBe('line 7');
    expect(lines.at(-1)).toBe('line 3005');
    expect(omitted).toBe(6);
  });

  it('fits the shown lines in the terminal scrollback of 3000', () => {
    expect(BUILD_LOG_MAX_LINES).toBeLessThan(BUILD_LOG_SCROLLBACK);
  });
});

describe('buildLogHeight', () => {
  it('gives a short log a short terminal and a long one 420 px to scroll in', () => {
    expect(buildLogHeight(1)).toBe(68);
    expect(buildLogHeight(10)).toBe(170);
    expect(buildLogHeight(2999)).toBe(420);
  });
});

describe('compositionYaml', () => {
  const composition = { version: '2.1', services: { api: { image: 'api:1', ports: ['80:80'] }, worker: { build: './worker' } } };

  it('renders the composition as YAML', () => {
    const text = compositionYaml(composition);
    expect(text).toContain('services:\n  api:\n    image: api:1\n');
    expect(text).toContain('  worker:\n    build: ./worker\n');
  });

  it('has nothing to render for a missing, empty or non-object composition', () => {
    expect(compositionYaml(null)).toBeNull();
    expect(compositionYaml({})).toBeNull();
    expect(compositionYaml('services: {}')).toBeNull();
    expect(compositionYaml([1])).toBeNull();
  });

  it('renders one service as its own compose document', () => {
    expect(serviceCompositionYaml(composition, 'worker')).toBe("version: \"2.1\"\nservices:\n  worker:\n    build: ./worker\n");
    expect(serviceCompositionYaml(composition, 'nope')).toBeNull();
  });
});

describe('formatBytes', () => {
  it('shows sizes with binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(null)).toBe('—');
  });
});
