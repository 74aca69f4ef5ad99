import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { runnerImport, type Plugin } from 'vite';
import type * as BootTableModule from '../src/app/boot-table.ts';
import { BOOT_TABLE_ID, type BootTable, type FirstChunks } from '../src/boot/first-reads.ts';
import { START_AREAS } from '../src/i18n/areas.ts';

/** The console's first script (see the file): its own small chunk, loaded first from index.html's head. */
export const EARLY_FETCHES_ENTRY = 'src/boot/early-fetches.ts';
/** Its chunk's name (the file is early-fetches-<hash>.js). */
const EARLY_FETCHES_NAME = 'early-fetches';
/** Where the first script's routes and reads come from: the routes table, as the first script needs it. */
export const BOOT_TABLE_SOURCE = 'src/app/boot-table.ts';

/**
 * The routes table's part the first script needs (src/app/boot-table.ts), loaded through Vite's module runner: the
 * table's lazy page imports are not followed (bundling the config would follow them into every page).
 */
export async function loadBootSource(root: string) {
  const { module } = await runnerImport<typeof BootTableModule>(resolve(root, BOOT_TABLE_SOURCE), {
    root,
    logLevel: 'error',
  });
  return { routes: module.bootRoutes(), areas: module.pageAreas() };
}

/** A chunk's file and those it imports statically, transitively, but for what the entry itself loads. */
function withImports(bundle: OutputBundle, chunk: OutputChunk, entryFiles: Set<string>): string[] {
  const out = new Set<string>();
  const visit = (file: string) => {
    if (out.has(file) || entryFiles.has(file)) return;
    out.add(file);
    const c = bundle[file];
    if (c?.type === 'chunk') c.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...out];
}

/**
 * The stylesheets of these chunks (the entry's are in index.html): a page's dynamic import waits for them, so a cold
 * load that asks for them only then pays one more round trip after the chunks.
 */
function cssOf(bundle: OutputBundle, files: string[]): string[] {
  const out = new Set<string>();
  for (const file of files) {
    const c = bundle[file] as (OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }) | undefined;
    c?.viteMetadata?.importedCss?.forEach((f) => out.add(f));
  }
  return [...out];
}

/** From the built bundle: each feature page's chunks, and those of its areas' messages (start-up areas too). */
export function firstChunksOf(bundle: OutputBundle, pageAreas: Record<string, readonly string[]>): FirstChunks {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entryFiles = new Set<string>();
  for (const c of chunks) {
    if (c.isEntry && c.name !== EARLY_FETCHES_NAME) withImports(bundle, c, new Set()).forEach((f) => entryFiles.add(f));
  }
  const code: Record<string, string[]> = {};
  const css: Record<string, string[]> = {};
  const messages: Record<string, Record<string, string[]>> = { en: {}, zhCN: {} };
  for (const c of chunks) {
    const id = c.facadeModuleId ?? '';
    const page = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]index\.tsx$/.exec(id);
    if (page) {
      code[page[1]!] = withImports(bundle, c, entryFiles);
      css[page[1]!] = cssOf(bundle, code[page[1]!]!);
    }
    const area = /[\\/]src[\\/]i18n[\\/]messages[\\/]([^\\/?]+)\.ts\?locale=(en|zhCN)/.exec(id);
    if (area) messages[area[2]!]![area[1]!] = withImports(bundle, c, entryFiles);
  }
  const result: FirstChunks = {};
  for (const [page, areas] of Object.entries(pageAreas)) {
    if (!code[page]) continue;
    const of = (locale: string) => [...new Set([...START_AREAS, ...areas].flatMap((a) => messages[locale]![a] ?? []))];
    result[page] = { code: code[page], css: css[page] ?? [], en: of('en'), zhCN: of('zhCN') };
  }
  return result;
}

/**
 * Builds src/boot/early-fetches.ts as a chunk of its own (not into the entry, which takes ≈300 ms to arrive and
 * compile before any of it runs) and puts `<script type="module">` for it first in index.html's head, after a JSON
 * block (BootTable): the console's routes with each page's first reads, generated from src/app/routes.ts (not copied),
 * and the chunks each page and language needs (FirstChunks), which it preloads. Deferred module scripts run
 * in document order once the page is parsed: it always runs before the entry (else the entry could ask for
 * config.json too) and after config.json's preload is in the document (which its fetch then uses).
 */
export function earlyFetchesPlugin(): Plugin {
  let base = '/';
  let root = process.cwd();
  let building = false;
  let source: ReturnType<typeof loadBootSource> | undefined;
  return {
    name: 'kc-early-fetches',
    configResolved(config) {
      base = config.base;
      root = config.root;
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: resolve(root, EARLY_FETCHES_ENTRY), name: EARLY_FETCHES_NAME });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        // Once per build; the dev server reads the table again on each restart.
        source ??= loadBootSource(root);
        const { routes, areas } = await source;
        let src = `${base}${EARLY_FETCHES_ENTRY}`;
        let chunks: FirstChunks = {};
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find(
            (c) => c.type === 'chunk' && c.facadeModuleId === resolve(root, EARLY_FETCHES_ENTRY),
          );
          if (!chunk) throw new Error(`${EARLY_FETCHES_ENTRY} was not built`);
          src = `${base}${chunk.fileName}`;
          chunks = firstChunksOf(ctx.bundle as unknown as OutputBundle, areas);
        }
        const table: BootTable = { routes, chunks };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: BOOT_TABLE_ID },
            // `<` escaped: the block's text must not close the element.
            children: JSON.stringify(table).replace(/</g, '\\u003c'),
            injectTo: 'head-prepend',
          },
          { tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
