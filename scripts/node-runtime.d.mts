// Types of node-runtime.mjs (plain JavaScript: it runs before node_modules exists).
export function satisfiesEngines(version: string, range: string): boolean;
export function supportedRange(): string;
export function pinnedVersion(): string;
export function rerunOn(node: string): Promise<never>;
export function ensureSupportedNode(): Promise<void>;
