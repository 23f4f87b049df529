import type { Plugin, Rolldown } from 'vite';

/** A chunk's file name and every chunk it imports statically, transitively. */
function importClosure(byName: Map<string, Rolldown.OutputChunk>, names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of byName.get(name)?.imports ?? []) visit(dep);
  };
  names.forEach(visit);
  return seen;
}

/**
 * `<link rel="preload" as="script">` in index.html for the app's own chunk (src/main.tsx, which
 * the boot script imports once it has sent the first page's requests) and everything it
 * imports: asked for only once code has run, preloaded it is downloaded meanwhile. `preload`,
 * not `modulepreload`: Chromium compiles a modulepreloaded module on the main thread as soon as
 * it arrives, ~200 ms for all of them on a slow machine, and that ran before the boot script
 * could send anything; plain preload only fetches, the compile comes with the import. The
 * signed-in shell's chunk is not preloaded here: the sign-in page would download it for nothing
 * (~60 kB gzip, issue 16 W10's budget); src/boot.ts imports it when a session exists. Vite
 * itself modulepreloads the entry's (src/boot.ts) own imports.
 */
export function preloadApp(): Plugin {
  const TARGETS = [/[\\/]src[\\/]main\.tsx$/];
  return {
    name: 'flotilla-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const chunks = Object.values(ctx.bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const targets = TARGETS.map((test) => {
          const chunk = chunks.find((c) => c.facadeModuleId !== null && test.test(c.facadeModuleId));
          if (!chunk) throw new Error(`preloadApp: no chunk for ${test.source}`);
          return chunk.fileName;
        });
        // What the entry loads anyway (Vite preloads those) is left out.
        const loaded = importClosure(
          byName,
          chunks.filter((c) => c.isEntry).map((c) => c.fileName),
        );
        return [...importClosure(byName, targets)]
          .filter((name) => !loaded.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'preload', as: 'script', crossorigin: true, href: `/${name}` }, injectTo: 'head' as const }));
      },
    },
  };
}
