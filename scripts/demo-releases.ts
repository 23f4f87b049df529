// The demo fleet's releases, made with `flotilla release create`'s function (the balena deploy
// call sequence, apps/cli) so the demo exercises the path a user takes. Two versions: 1.0.0
// and then 1.1.0, which the fleet (tracking the latest release) targets, so the simulated
// devices download and run it. A second start finds them by version and creates nothing.
import { createRelease } from '../apps/cli/src/release-create.ts';

interface DemoRelease {
  version: string;
  note: string;
  compose: string;
  images: Record<string, string>;
}

const compose = (greeting: string) => `version: "2.4"
services:
  main:
    build: ./main
    restart: always
    ports:
      - "80:80"
    labels:
      io.balena.features.supervisor-api: "1"
    environment:
      GREETING: "${greeting}"
  metrics:
    image: docker.io/prom/node-exporter:v1.8.2
    restart: always
    network_mode: host
    labels:
      io.balena.features.procfs: "1"
`;

export const DEMO_RELEASES: readonly DemoRelease[] = [
  {
    version: '1.0.0',
    note: 'First release of the demo: a web service and a metrics exporter.',
    compose: compose('Hello from Flotilla'),
    images: { main: 'docker.io/library/nginx:1.27-alpine' },
  },
  {
    version: '1.1.0',
    note: 'New greeting and a newer web server.',
    compose: compose('Hello again from Flotilla'),
    images: { main: 'docker.io/library/nginx:1.28-alpine' },
  },
];

/** Creates the releases the fleet does not have yet, oldest first (the newest becomes the target). */
export async function ensureDemoReleases(api: string, token: string, fleetId: number): Promise<void> {
  for (const release of DEMO_RELEASES) {
    const filter = encodeURIComponent(`belongs_to__application eq ${fleetId} and semver eq '${release.version}' and status eq 'success'`);
    const res = await fetch(`${api}/v7/release?$select=id&$top=1&$filter=${filter}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`Demo seed: listing releases failed (${res.status}): ${await res.text()}`);
    const { d } = (await res.json()) as { d: unknown[] };
    if (d.length > 0) continue;
    // Not pushed, even to a configured registry: copying the docker.io images would need the internet
    // at first start; the demo devices simulate their downloads instead (start-stack.ts).
    await createRelease({ api, token, fleet: fleetId, compose: release.compose, images: release.images, version: release.version, note: release.note, push: false });
  }
}
