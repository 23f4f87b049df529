import { parentPort, workerData } from 'node:worker_threads';
import { runBatch } from '@flotilla/core/batch';
import { supervisorActionRequest } from '@flotilla/core/device-actions';
import { elapsedMs } from './stats.ts';
import type { SupervisorClientReply, SupervisorClientRequest, SupervisorClientSpec } from './supervisor-client.ts';

/** Worker-thread entry of `startSupervisorClient`: runs each batch it is asked for and posts its time back. */
const spec = workerData as SupervisorClientSpec;
const headers = { 'content-type': 'application/json', authorization: `Bearer ${spec.token}` };

async function identify(deviceId: number): Promise<void> {
  const { path, body } = supervisorActionRequest('identify', { id: deviceId, appId: spec.fleetId });
  const res = await fetch(`${spec.baseUrl}/supervisor${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200 || text !== 'OK') throw new Error(`supervisor → ${res.status}: ${text}`);
}

async function dashboard(deviceIds: number[]): Promise<void> {
  const result = await runBatch(deviceIds, identify, spec.concurrency);
  if (result.failed.length) throw new Error(`${result.failed.length} of ${deviceIds.length} failed, first: ${String(result.failed[0]!.error)}`);
}

async function fleetWide(devices: number): Promise<void> {
  const res = await fetch(`${spec.baseUrl}/supervisor/v1/blink`, { method: 'POST', headers, body: JSON.stringify({ appId: spec.fleetId }) });
  const answers = (await res.json()) as Array<{ statusCode: number }>;
  if (res.status !== 207 || answers.length !== devices || answers.some((a) => a.statusCode !== 200)) {
    throw new Error(`fleet-wide → ${res.status}, ${answers.length} answers of ${devices}`);
  }
}

parentPort!.on('message', (request: SupervisorClientRequest) => {
  const start = process.hrtime.bigint();
  const work = request.kind === 'dashboard' ? dashboard(request.deviceIds) : fleetWide(request.devices);
  work.then(
    () => parentPort!.postMessage({ id: request.id, ms: elapsedMs(start) } satisfies SupervisorClientReply),
    (err: unknown) => parentPort!.postMessage({ id: request.id, error: String(err) } satisfies SupervisorClientReply),
  );
});
