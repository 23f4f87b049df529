import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { tagsFromChunkGraph } from './chunk-graph.ts';

/** A page whose code is worth asking for before any module has run: its path and its component's source. */
export interface PreloadedRoute {
  path: RegExp;
  component: RegExp;
}

export interface RoutePreloadOptions {
  /** localStorage key that holds the session: the signed-in pages' code is preloaded only with one. */
  sessionKey: string;
  /** Loaded on every signed-in page (the shell), preloaded with a session. */
  signedIn: RegExp;
  routes: readonly PreloadedRoute[];
  /** Chunks index.html preloads already (preload-app.ts): left out with their imports. */
  preloaded: readonly RegExp[];
}

/**
 * A small classic script at the top of index.html (`/assets/route-preload-<hash>.js`) that,
 * before any module is fetched, adds `<link rel="preload" as="script">` for the code the current
 * page will import: with a session, the signed-in shell's chunks, and on a preloaded route its
 * page's chunks. Without it that code is discovered only once the boot script and the router
 * have run (the module graph must load first): on a cold visit of a 100,000-device fleet's list
 * its ~70 chunks were asked for ~250 ms after navigation and arrived after the data had (issue
 * 9, docs/performance.md). `preload`, not `modulepreload`, for the reason preloadApp gives:
 * nothing is compiled before the boot script has sent its requests. The sign-in page loads only
 * this script (about 1 kB gzip). A classic file, not inline: the CSP allows no inline script.
 */
export function routePreload(options: RoutePreloadOptions): Plugin {
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'flotilla-route-preload',
    apply: 'build',
    transformIndexHtml: tagsFromChunkGraph((graph) => {
      const loaded = new Set([...graph.entryClosure(), ...graph.closure(options.preloaded.map((test) => graph.chunkFor(test).fileName))]);
      const missing = (test: RegExp) => [...graph.closure([graph.chunkFor(test).fileName])].filter((n) => !loaded.has(n)).map((n) => `/${n}`);
      const shell = missing(options.signedIn);
      const routes = options.routes.map((r) => [r.path.source, missing(r.component).filter((n) => !shell.includes(n))] as const);
      const source = `(() => {
  try {
    if (!localStorage.getItem(${JSON.stringify(options.sessionKey)})) return;
    const files = ${JSON.stringify(shell)};
    for (const [path, more] of ${JSON.stringify(routes)}) if (new RegExp(path).test(location.pathname)) files.push(...more);
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // Only a head start: the app loads what it needs regardless.
  }
})();
`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      script = { fileName: `assets/route-preload-${hash}.js`, source };
      return [{ tag: 'script', attrs: { src: `/${script.fileName}` }, injectTo: 'head-prepend' }];
    }),
    generateBundle: {
      order: 'post',
      handler() {
        if (!script) throw new Error('routePreload: index.html was not transformed');
        this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
      },
    },
  };
}
