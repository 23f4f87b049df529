import type { ShownLogLine } from './log-line.ts';

/**
 * A downloaded log's text: one line per log line, `<ISO time UTC> [<device>] <service or
 * "system"> <message>` (stderr lines marked `stderr`), whatever the screen's time settings — a
 * file should say unambiguously when each line was written.
 */
export function logDownloadText(lines: readonly ShownLogLine[], withDevice = false): string {
  return lines
    .map((line) => {
      const time = new Date(line.timestamp);
      const parts = [Number.isNaN(time.getTime()) ? '-' : time.toISOString()];
      if (withDevice) parts.push(line.deviceName ?? line.uuid ?? '-');
      parts.push(line.isSystem ? 'system' : (line.serviceName ?? '-'));
      if (line.isStdErr) parts.push('stderr');
      parts.push(line.message);
      return `${parts.join(' ')}\n`;
    })
    .join('');
}
