import type { IndexHtmlTransformContext, Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { routePreload } from './route-preload.ts';

/** A bundle as the build hands it over: chunks by file name, each with its static imports. */
function bundle(chunks: Array<{ fileName: string; imports?: string[]; facade?: string; isEntry?: boolean }>): Rolldown.OutputBundle {
  return Object.fromEntries(
    chunks.map((c) => [c.fileName, { type: 'chunk', fileName: c.fileName, imports: c.imports ?? [], facadeModuleId: c.facade ?? null, isEntry: c.isEntry ?? false }]),
  ) as unknown as Rolldown.OutputBundle;
}

const BUNDLE = bundle([
  { fileName: 'assets/boot.js', imports: ['assets/zod.js'], facade: '/app/src/boot.ts', isEntry: true },
  { fileName: 'assets/zod.js' },
  { fileName: 'assets/main.js', imports: ['assets/react.js'], facade: '/app/src/main.tsx' },
  { fileName: 'assets/react.js' },
  { fileName: 'assets/layout.js', imports: ['assets/react.js', 'assets/zod.js', 'assets/menu.js'], facade: '/app/src/Layout.tsx' },
  { fileName: 'assets/menu.js' },
  { fileName: 'assets/list.js', imports: ['assets/menu.js', 'assets/table.js'], facade: '/app/src/List.tsx' },
  { fileName: 'assets/table.js' },
]);

/** The plugin's script and the tag that loads it, for BUNDLE. */
function build() {
  const plugin = routePreload({ sessionKey: 'token', signedIn: /Layout\.tsx$/, routes: [{ path: /^\/fleets\/\d+\/devices$/, component: /List\.tsx$/ }], preloaded: [/main\.tsx$/] });
  const transform = plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => unknown };
  const tags = transform.handler('', { bundle: BUNDLE } as IndexHtmlTransformContext);
  const emitted: Array<{ fileName: string; source: string }> = [];
  const generate = plugin.generateBundle as { handler: (this: { emitFile(f: { fileName: string; source: string }): void }) => void };
  generate.handler.call({ emitFile: (f) => void emitted.push(f) });
  return { tags, script: emitted[0]! };
}

/** Runs the script against a page at `pathname`, signed in or not; returns what it preloaded. */
function run(source: string, pathname: string, token: string | null): Array<Record<string, string>> {
  const links: Array<Record<string, string>> = [];
  const document = { createElement: () => ({}), head: { appendChild: (l: Record<string, string>) => links.push(l) } };
  const localStorage = { getItem: (key: string) => (key === 'token' ? token : null) };
  new Function('document', 'localStorage', 'location', source)(document, localStorage, { pathname });
  return links;
}

describe('routePreload', () => {
  it('loads one hashed classic script first in the head, emitted as an asset', () => {
    const { tags, script } = build();
    expect(script.fileName).toMatch(/^assets\/route-preload-[\w-]{8}\.js$/);
    expect(tags).toEqual([{ tag: 'script', attrs: { src: `/${script.fileName}` }, injectTo: 'head-prepend' }]);
  });

  it("preloads the shell's chunks with a session, and a matching route's too, each once", () => {
    const { script } = build();
    const hrefs = (path: string) => run(script.source, path, 'jwt').map((l) => l.href);
    // What the entry loads (zod) and what index.html preloads (main, react) are left out.
    expect(hrefs('/fleets')).toEqual(['/assets/layout.js', '/assets/menu.js']);
    expect(hrefs('/fleets/12/devices')).toEqual(['/assets/layout.js', '/assets/menu.js', '/assets/list.js', '/assets/table.js']);
    expect(run(script.source, '/fleets/12/devices', 'jwt')[0]).toMatchObject({ rel: 'preload', as: 'script', crossOrigin: '' });
  });

  it('preloads nothing without a session (the sign-in page)', () => {
    expect(run(build().script.source, '/fleets/12/devices', null)).toEqual([]);
  });
});
