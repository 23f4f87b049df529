import { deviceLogLineOut, fleetLogLineOut } from '@flotilla/core/schemas/device-logs';

/**
 * One line of a log stream as the API reads it back (compat §5.5 "Reading side"; the schema the
 * server's routes answer with): a device's stream sends `deviceLogLineOut`, the fleet tail
 * `fleetLogLineOut` (with the device's uuid). A line that is neither is skipped rather than
 * breaking the stream.
 */
const streamedLogLine = deviceLogLineOut.extend({ uuid: fleetLogLineOut.shape.uuid.optional() });

/** A line as the panel keeps it: `seq` orders and keys it (the server sends no id). */
export interface LogLine {
  seq: number;
  message: string;
  timestamp: number;
  isSystem: boolean;
  isStdErr: boolean;
  serviceId: number | null;
  /** The device, on a fleet's tail. */
  uuid: string | null;
}

/** A line with the names the view resolved for it. */
export interface ShownLogLine extends LogLine {
  serviceName: string | null;
  /** The device's name, on a fleet's tail (the short uuid shows when it is not known). */
  deviceName?: string | null;
}

let nextSeq = 0;

/** The line in `text` (one NDJSON line), or null when it is not JSON or not a log line. */
export function parseLogLine(text: string): LogLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = streamedLogLine.safeParse(value);
  if (!parsed.success) return null;
  const line = parsed.data;
  nextSeq += 1;
  return {
    seq: nextSeq,
    message: line.message,
    timestamp: line.timestamp,
    isSystem: line.isSystem === true,
    isStdErr: line.isStdErr === true,
    serviceId: line.serviceId ?? null,
    uuid: line.uuid ?? null,
  };
}
