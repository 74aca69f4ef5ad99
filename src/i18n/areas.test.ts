import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { FEATURE_AREAS, START_AREAS, type Area } from './areas';
import { AREAS } from './message-tables';

/**
 * The rule "a component shows only keys of areas loaded with it", checked on the source rather than
 * remembered: the shell uses only the start-up areas, each feature only those and its FEATURE_AREAS, and
 * the app loads every feature module together with its areas.
 */
const SRC = resolve(import.meta.dirname, '..');
const rel = (file: string) => relative(SRC, file);

const AREA_OF_KEY = new Map<string, Area>();
for (const [area, messages] of Object.entries(AREAS) as [Area, { en: object }][])
  for (const key of Object.keys(messages.en)) AREA_OF_KEY.set(key, area);
/** "knowledge.", "error.", …: a template literal starting with one of these is taken for a message key. */
const KEY_HEADS = new Set([...AREA_OF_KEY.keys()].map((key) => key.slice(0, key.indexOf('.') + 1)));

interface Node {
  type?: string;
  [field: string]: unknown;
}

const parse = (file: string, code = readFileSync(file, 'utf8')) =>
  parseAst(code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file) as unknown as Node;

function visit(node: unknown, fn: (node: Node, parents: readonly Node[]) => void, parents: Node[] = []): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((child) => visit(child, fn, parents));
  const n = node as Node;
  if (typeof n.type === 'string') fn(n, parents);
  parents.push(n);
  for (const [field, value] of Object.entries(n))
    if (field !== 'parent' && value && typeof value === 'object') visit(value, fn, parents);
  parents.pop();
}

/** A key use found in a file: the key, or for a template literal its fixed beginning, and the areas it can be in. */
interface KeyUse {
  text: string;
  areas: Area[];
}

/**
 * Every message key a file names: any string literal equal to a key (t('x.y'), a ternary's branches, a
 * `label: 'x.y'` table), and every template literal whose fixed beginning looks like a key, e.g.
 * t(`error.kind.${kind}`), which may be any key starting "error.kind.". Comments are not code, so not read.
 */
function keysIn(file: string, code?: string): KeyUse[] {
  const uses: KeyUse[] = [];
  visit(parse(file, code), (node) => {
    if (node.type === 'Literal' && typeof node.value === 'string') {
      const area = AREA_OF_KEY.get(node.value);
      if (area) uses.push({ text: node.value, areas: [area] });
    } else if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as { value: { cooked: string } }[];
      const head = quasis[0]!.value.cooked;
      if (quasis.length === 1) {
        const area = AREA_OF_KEY.get(head);
        if (area) uses.push({ text: head, areas: [area] });
      } else if (KEY_HEADS.has(head.slice(0, head.indexOf('.') + 1))) {
        const areas = new Set([...AREA_OF_KEY].filter(([key]) => key.startsWith(head)).map(([, area]) => area));
        uses.push({ text: `${head}\${…}`, areas: [...areas] });
      }
    }
  });
  return uses;
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? walk(path)
      : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)
        ? [path]
        : [];
  });

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Relative modules a file imports statically (type-only imports excluded: they load nothing). */
function staticImports(file: string): string[] {
  const out: string[] = [];
  visit(parse(file), (node, parents) => {
    if (parents.length !== 1) return;
    const isImport = node.type === 'ImportDeclaration' && node.importKind !== 'type';
    const isReexport =
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      node.source &&
      node.exportKind !== 'type';
    const spec = (node.source as { value?: unknown } | null | undefined)?.value;
    if ((isImport || isReexport) && typeof spec === 'string' && spec.startsWith('.')) {
      const target = resolveModule(file, spec);
      if (target) out.push(target);
    }
  });
  return out;
}

/** Every file loaded with the first page: the shell, shared code, and what they import statically (features included). */
function startupFiles(): Set<string> {
  const roots = [join(SRC, 'main.tsx'), ...['app', 'components', 'api'].flatMap((dir) => walk(join(SRC, dir)))];
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || file.startsWith(join(SRC, 'i18n')) || file.startsWith(join(SRC, 'contract'))) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const featureOf = (file: string): string | null => /^features\/([^/]+)\//.exec(rel(file))?.[1] ?? null;
const areasOfFeature = (feature: string): readonly Area[] =>
  (FEATURE_AREAS as Record<string, readonly Area[]>)[feature] ?? [];

/** Uses in `files` of an area outside `allowed`, one line each. */
function violations(
  files: Iterable<string>,
  allowed: (file: string) => readonly Area[],
  why: (file: string) => string,
): string[] {
  const out: string[] = [];
  for (const file of files) {
    const ok = new Set<Area>([...START_AREAS, ...allowed(file)]);
    for (const use of keysIn(file)) {
      const outside = use.areas.filter((area) => !ok.has(area));
      if (outside.length > 0)
        out.push(`${rel(file)}: '${use.text}' is in area ${outside.join(', ')}, which ${why(file)} does not load`);
    }
  }
  return out;
}

describe('message areas: a component shows only keys of areas loaded with it', () => {
  it('the scan finds literal, conditional and template-literal keys, and skips comments', () => {
    const uses = keysIn(
      'probe.tsx',
      `// t('datasets.title') in a comment is not a use
       const a = t(x ? 'nav.home' : 'knowledge.indicator');
       const b = <Text label="settings.title">{t(\`error.kind.\${kind}\`)}</Text>;
       const c = \`kc.\${id}\`; const d = t(\`nav.knowledge\`);`,
    );
    expect(uses.map((u) => u.text)).toEqual([
      'nav.home',
      'knowledge.indicator',
      'settings.title',
      'error.kind.${…}',
      'nav.knowledge',
    ]);
    expect(uses[1]!.areas).toEqual(['knowledge']);
    expect(uses[3]!.areas).toEqual(['common']);
  });

  it('the shell, shared components, the api layer and feature files they import statically use only start-up areas', () => {
    const files = startupFiles();
    // The header's search button is drawn with the shell: it must be in the scan, or the scan is blind.
    expect([...files].map(rel)).toContain('features/catalog/CatalogSpotlightTrigger.tsx');
    expect(
      violations(
        files,
        () => [],
        () => `the start-up (${START_AREAS.join(', ')})`,
      ),
    ).toEqual([]);
  });

  it('each feature folder uses only the start-up areas and its own FEATURE_AREAS', () => {
    const features = readdirSync(join(SRC, 'features')).filter((name) =>
      statSync(join(SRC, 'features', name)).isDirectory(),
    );
    expect(Object.keys(FEATURE_AREAS).sort(), 'FEATURE_AREAS lists exactly the feature folders').toEqual(
      features.sort(),
    );
    const files = features.flatMap((feature) => walk(join(SRC, 'features', feature)));
    expect(
      violations(
        files,
        (file) => areasOfFeature(featureOf(file)!),
        (file) => `features/${featureOf(file)} (FEATURE_AREAS.${featureOf(file)})`,
      ),
    ).toEqual([]);
  });

  it('the app loads every feature module with lazyWithMessages/withMessages(FEATURE_AREAS.<that feature>, …)', () => {
    expect(unwiredFeatureImports()).toEqual([]);
  });
});

/**
 * Dynamic imports of a feature's module from start-up code (the app, or a feature file it imports
 * statically) that do not load the feature's areas with it: each must sit inside
 * lazyWithMessages(FEATURE_AREAS.x, …) or withMessages(FEATURE_AREAS.x, …) for the feature x it imports.
 */
function unwiredFeatureImports(files: Iterable<string> = startupFiles()): string[] {
  const out: string[] = [];
  for (const file of files) {
    visit(parse(file), (node, parents) => {
      if (node.type !== 'ImportExpression') return;
      const spec = (node.source as { value?: unknown }).value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveModule(file, spec);
      const feature = target ? featureOf(target) : null;
      if (!feature) return;
      const wrapped = parents.some((p) => {
        if (p.type !== 'CallExpression') return false;
        const callee = p.callee as Node & { name?: string };
        const first = (p.arguments as Node[])[0] as
          (Node & { object?: { name?: string }; property?: { name?: string } }) | undefined;
        return (
          callee.type === 'Identifier' &&
          (callee.name === 'lazyWithMessages' || callee.name === 'withMessages') &&
          first?.type === 'MemberExpression' &&
          first.object?.name === 'FEATURE_AREAS' &&
          first.property?.name === feature
        );
      });
      // Or a row of the routes table (app/routes.ts) whose `areas` are FEATURE_AREAS.<that feature>: page-loaders.ts
      // loads every row's module with its row's areas.
      const row =
        tableLoadsRowAreas(file) &&
        parents.some((p) => {
          if (p.type !== 'ObjectExpression') return false;
          return (p.properties as (Node & { key?: { name?: string }; value?: Node })[]).some((prop) => {
            const value = prop.value as
              (Node & { object?: { name?: string }; property?: { name?: string } }) | undefined;
            return (
              prop.key?.name === 'areas' &&
              value?.type === 'MemberExpression' &&
              value.object?.name === 'FEATURE_AREAS' &&
              value.property?.name === feature
            );
          });
        });
      if (!wrapped && !row) out.push(`${rel(file)}: import('${spec}') does not load FEATURE_AREAS.${feature} with it`);
    });
  }
  return out;
}

/**
 * The file is the routes table (app/routes.ts), and page-loaders.ts, which renders every page, loads each row's module
 * with that row's areas: withMessages(ROUTES[name].areas, ROUTES[name].module).
 */
function tableLoadsRowAreas(file: string): boolean {
  if (rel(file) !== 'app/routes.ts') return false;
  const loaders = readFileSync(join(SRC, 'app', 'page-loaders.ts'), 'utf8');
  return /withMessages\(ROUTES\[name\]\.areas, ROUTES\[name\]\.module\)/.test(loaders);
}

describe('message keys: every key is shown somewhere', () => {
  it('no message is dead: each key is named by some source file (or covered by a template like `error.kind.${…}`)', () => {
    const files = ['app', 'components', 'api', 'features'].flatMap((dir) => walk(join(SRC, dir)));
    const exact = new Set<string>();
    const heads: string[] = [];
    for (const file of files) {
      for (const use of keysIn(file)) {
        if (use.text.endsWith('${…}')) heads.push(use.text.slice(0, -'${…}'.length));
        else exact.add(use.text);
      }
    }
    const dead = [...AREA_OF_KEY.keys()].filter((key) => !exact.has(key) && !heads.some((h) => key.startsWith(h)));
    expect(dead).toEqual([]);
  });
});
