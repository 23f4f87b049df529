// Compat project global set-up: installs (or finds in its cache) the published balena-cli once per
// run, before any test file starts, and hands its entry script to the workers.
import type { TestProject } from 'vitest/node';
// @ts-expect-error scripts/ensure.mjs is plain JavaScript (it runs before node_modules exists)
import { ensureBalenaCli } from '../../../../scripts/ensure.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    balenaCliEntry: string;
  }
}

export default function setup(project: TestProject): void {
  project.provide('balenaCliEntry', (ensureBalenaCli as () => string)());
}
