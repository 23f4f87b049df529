import type { TerminalTarget } from '@flotilla/core/terminal';
import type { SimulatedDevice } from '../device.ts';
import type { ShellFactory } from './shell-session.ts';
import { SimulatedShell } from './simulated-shell.ts';
import { seedFileSystem } from './virtual-fs.ts';

/** The services of the device's running releases that are running now (not stopped through the supervisor API). */
export function runningServices(device: SimulatedDevice): string[] {
  const names: string[] = [];
  for (const app of device.apps.values()) {
    for (const name of Object.keys(app.running?.services ?? {})) if (!app.stopped.has(name)) names.push(name);
  }
  return names.sort();
}

/** Why a session cannot open on this device: the target's container is not running. */
export class ShellTargetError extends Error {}

/**
 * The shells of a simulated device: the host OS (prompt `root@<uuid7>`, balenaOS's processes)
 * or a running service's container (prompt `root@<service>`, in /usr/src/app). Each session
 * gets its own file system: what one session writes the next does not see, like a container's
 * layer after a restart.
 */
export function simulatedShellFactory(device: SimulatedDevice): ShellFactory {
  return (target: TerminalTarget, size, io) => {
    const uuid7 = device.uuid.slice(0, 7);
    const osVersion = device.profile.osVersion;
    const uname = `Linux ${uuid7} 6.1.77-v8 #1 SMP PREEMPT aarch64 GNU/Linux`;
    let shell: SimulatedShell;
    if (target.kind === 'host') {
      shell = new SimulatedShell(
        {
          fs: seedFileSystem({ uuid: device.uuid, hostname: uuid7, osVersion }),
          promptName: `root@${uuid7}`,
          cwd: '/home/root',
          env: { HOSTNAME: uuid7, HOME: '/home/root', PATH: '/usr/sbin:/usr/bin:/sbin:/bin', BALENA_DEVICE_UUID: device.uuid, TERM: 'xterm-256color' },
          uname,
          processes: ['/sbin/init', 'balena-engine-daemon', 'balena-supervisor', 'openvpn', 'chronyd', ...runningServices(device).map((s) => `${s} (container)`)],
        },
        io,
      );
    } else {
      if (!runningServices(device).includes(target.serviceName)) throw new ShellTargetError(`service ${target.serviceName} is not running`);
      shell = new SimulatedShell(
        {
          fs: seedFileSystem({ uuid: device.uuid, hostname: uuid7, osVersion, serviceName: target.serviceName }),
          promptName: `root@${target.serviceName}`,
          cwd: '/usr/src/app',
          env: {
            HOSTNAME: uuid7,
            HOME: '/root',
            PATH: '/usr/local/bin:/usr/bin:/bin',
            BALENA_DEVICE_UUID: device.uuid,
            BALENA_DEVICE_NAME_AT_INIT: device.name,
            BALENA_SERVICE_NAME: target.serviceName,
            TERM: 'xterm-256color',
          },
          uname,
          processes: ['node index.js', '/bin/sh'],
        },
        io,
      );
    }
    shell.resize(size);
    return shell;
  };
}
