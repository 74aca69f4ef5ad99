/**
 * `npm run suite -- FILE --base-url URL --export-promptfoo OUT.yaml`: the suite as a promptfoo config, so a suite is
 * never locked in here (src/suite-engine/export-promptfoo.ts). The token is written as `{{env.NAME}}` (the
 * --token-env name), never its value; nothing is sent. Exit 0 when written, 2 when the file cannot be.
 */
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { stringify } from 'yaml';
import { suiteToPromptfoo, type SuiteFile } from '../src/suite-engine';

export function exportPromptfoo(out: string, file: SuiteFile, baseUrl: string, tokenEnv: string): never {
  const { config, notes } = suiteToPromptfoo(file, { baseUrl, tokenEnv });
  const text = extname(out).toLowerCase() === '.json' ? `${JSON.stringify(config, null, 2)}\n` : stringify(config);
  try {
    writeFileSync(out, text);
  } catch (error) {
    console.error(
      `suite: cannot write --export-promptfoo ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
    process.exit(2);
  }
  console.log(
    `suite: wrote ${out}: ${file.cases.length} test${file.cases.length === 1 ? '' : 's'} for promptfoo (nothing was sent)`,
  );
  for (const note of notes) console.log(`  not checked by promptfoo: ${note}`);
  process.exit(0);
}
