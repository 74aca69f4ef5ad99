#!/usr/bin/env node
// One naming rule, checked rather than remembered:
//   a .tsx file named in PascalCase holds the React component of that name (and its CSS module sits beside it
//   under the same name); every other file and folder is kebab-case (tests take the name of what they test).
// And one size rule: no file in src/features over 300 lines (a file that long does several things).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
// baseline-app: a vendored copy of the bare app the first-page weight is compared with, kept as it was shared.
const SKIP = new Set(['node_modules', 'fixtures', 'baseline-app']);
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const DOCS = new Set(['README.md', 'DEMO.md']);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      // Dot folders hold generated files (e2e/.artifacts): not named by us.
      if (SKIP.has(name) || name.startsWith('.')) continue;
      if (!KEBAB.test(name)) out.push({ problem: `${relative(root, p)}/: folder names are kebab-case` });
      walk(p, out);
    } else out.push({ path: p });
  }
  return out;
}

const problems = [];
for (const entry of ['src', 'e2e', 'scripts', 'vite'].flatMap((d) => walk(join(root, d)))) {
  if (entry.problem) {
    problems.push(entry.problem);
    continue;
  }
  const file = entry.path;
  const name = basename(file);
  if (DOCS.has(name)) continue;
  const rel = relative(root, file);
  // "ConfirmModal.test.tsx" → stem "ConfirmModal"; "use-session.ts" → "use-session"; "Layout.module.css" → "Layout".
  const stem = name.replace(/(\.module)?(\.(test|spec|d))?\.[a-z]+$/, '');
  if (PASCAL.test(stem)) {
    const component =
      name.endsWith('.module.css') || /\.test\.tsx?$/.test(name)
        ? file.replace(/(\.module\.css|\.test\.tsx?)$/, '.tsx')
        : file;
    if (!component.endsWith('.tsx')) {
      problems.push(`${rel}: PascalCase names are for component files (.tsx); name this one in kebab-case`);
      continue;
    }
    let text = '';
    try {
      text = readFileSync(component, 'utf8');
    } catch {
      problems.push(`${rel}: no ${basename(component)} beside it to hold the component ${stem}`);
      continue;
    }
    const exportsIt = new RegExp(
      `export\\s+(?:default\\s+)?(?:function|const|class)\\s+${stem}\\b|export\\s+default\\s+${stem}\\b|export\\s*\\{[^}]*\\b${stem}\\b`,
    ).test(text);
    if (!exportsIt)
      problems.push(
        `${rel}: a PascalCase file exports the component of its name (${stem}); rename it in kebab-case or export ${stem}`,
      );
  } else if (!KEBAB.test(stem)) {
    problems.push(`${rel}: file names are kebab-case (or PascalCase for a component's .tsx)`);
  } else if (name.endsWith('.tsx') && stem !== 'index' && stem !== 'main') {
    const text = readFileSync(file, 'utf8');
    const pascalName = stem.replace(/(^|-)([a-z0-9])/g, (_m, _d, c) => c.toUpperCase());
    const only = [...text.matchAll(/export\s+(?:default\s+)?function\s+([A-Z]\w*)/g)].map((m) => m[1]);
    if (only.length === 1 && only[0] === pascalName && !/\.test\.tsx$/.test(name)) {
      problems.push(`${rel}: holds the component ${pascalName} only; name it ${pascalName}.tsx`);
    }
  }
}

// A component or module of a feature does one thing: past this many lines it is split along its seams.
const FEATURE_LINES_MAX = 300;
for (const { path } of walk(join(root, 'src', 'features'))) {
  if (!path || !/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path)) continue;
  const rel = relative(root, path).split('\\').join('/');
  const lines = readFileSync(path, 'utf8').split('\n').length - 1;
  if (lines > FEATURE_LINES_MAX)
    problems.push(
      `${rel}: ${lines} lines; a file in src/features holds at most ${FEATURE_LINES_MAX} (split it along its seams)`,
    );
}

if (problems.length > 0) {
  console.error(`File names: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('File names: ok');
