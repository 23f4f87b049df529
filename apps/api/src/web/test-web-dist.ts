import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A dashboard build as `vite build` lays it out (apps/web/vite.config.ts): index.html and a
 * hashed bundle, each with brotli and gzip siblings. The sibling contents carry a marker so a
 * test can tell which file was sent, and a favicon has no siblings (compressed on the fly).
 */
export interface TestWebDist {
  dir: string;
  indexHtml: string;
  bundlePath: string;
  bundle: string;
  remove(): void;
}

function writeWithSiblings(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(content)));
  writeFileSync(`${path}.gz`, gzipSync(Buffer.from(content)));
}

export function createTestWebDist(): TestWebDist {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-web-'));
  mkdirSync(join(dir, 'assets'));
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
  const bundle = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeWithSiblings(join(dir, 'index.html'), indexHtml);
  writeWithSiblings(join(dir, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(join(dir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(600)}</svg>`);
  return { dir, indexHtml, bundlePath: '/assets/index-abc123.js', bundle, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
