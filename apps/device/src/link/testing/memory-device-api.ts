import { ApiError, type DeviceApi, type LogLine, type RegisterBody, type TargetStateResult, type TargetStateV3 } from '../../api-client.ts';

/** Test helper: the device HTTP API in memory (register, target state, reports), counting polls. */
export class MemoryDeviceApi implements DeviceApi {
  readonly registered = new Map<string, { id: number; key: string }>();
  readonly reports: Array<Record<string, unknown>> = [];
  readonly logs: LogLine[] = [];
  polls = 0;

  constructor(private readonly target: (uuid: string) => TargetStateV3) {}

  async register(_pk: string, body: RegisterBody) {
    if (this.registered.has(body.uuid)) throw new ApiError(409, '"uuid" must be unique.');
    const id = this.registered.size + 1;
    this.registered.set(body.uuid, { id, key: body.api_key });
    return { id };
  }
  async findDeviceId(key: string, uuid: string) {
    const d = this.registered.get(uuid);
    return d && d.key === key ? d.id : null;
  }
  async exchangeDeviceKey() {}
  async getTargetState(_key: string, uuid: string): Promise<TargetStateResult> {
    this.polls += 1;
    return { status: 200, etag: null, body: this.target(uuid) };
  }
  async patchState(_key: string, report: Record<string, unknown>) {
    this.reports.push(report);
  }
  async postLogs(_key: string, _uuid: string, lines: LogLine[]) {
    this.logs.push(...lines);
  }
}
