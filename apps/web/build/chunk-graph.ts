import type { HtmlTagDescriptor, IndexHtmlTransform, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The emitted chunks of a build and their static import graph, for the plugins that preload a
 * page's code (preload-app.ts).
 */
export interface ChunkGraph {
  /** The chunk whose facade module matches `test` (a source path); throws when there is none. */
  chunkFor(test: RegExp): OutputChunk;
  /** `names` and every chunk they import statically, transitively. */
  closure(names: readonly string[]): Set<string>;
  /** What index.html loads anyway: the entries and their static imports (Vite modulepreloads those). */
  entryClosure(): Set<string>;
}

export function chunkGraph(bundle: OutputBundle): ChunkGraph {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (names: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const dep of byName.get(name)?.imports ?? []) visit(dep);
    };
    names.forEach(visit);
    return seen;
  };
  return {
    chunkFor(test) {
      const chunk = chunks.find((c) => c.facadeModuleId !== null && test.test(c.facadeModuleId));
      if (!chunk) throw new Error(`no chunk for ${test.source}`);
      return chunk;
    },
    closure,
    entryClosure: () => closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName)),
  };
}

/** A `transformIndexHtml` that adds tags once the bundle exists (build only), from its chunk graph. */
export function tagsFromChunkGraph(tags: (graph: ChunkGraph) => HtmlTagDescriptor[]): IndexHtmlTransform {
  return {
    order: 'post',
    handler: (_html, ctx) => (ctx.bundle ? tags(chunkGraph(ctx.bundle)) : []),
  };
}
