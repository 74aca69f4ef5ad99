/**
 * What `npm run suite` prints, made safe once for every line: the secrets it knows (the token, the passwords of
 * --base-url, --secondary-url and --grader-url, the grader's key) masked, echoed by a service or not, and terminal
 * control characters (ANSI escapes, a CR that rewrites the line, bidi overrides) stripped: a service's text must
 * not recolour, retitle or rewrite the job's log. console.log, console.error and console.warn all go through it, so
 * a line added later is covered without thinking of it (a crash's stack included).
 */
import { format } from 'node:util';
import { createMasker, stripControl } from '../src/lib/mask';

export interface SafeOutput {
  /** A secret learnt after start-up (the token read from the environment). */
  add(...secrets: (string | undefined)[]): void;
  /** A line as it would be printed (for a test, and for text written elsewhere). */
  clean(text: string): string;
}

export function guardOutput(): SafeOutput {
  const secrets: string[] = [];
  let mask = createMasker(secrets);
  const clean = (text: string) => stripControl(mask(text));
  const write =
    (stream: NodeJS.WriteStream) =>
    (...parts: unknown[]) =>
      void stream.write(`${clean(format(...parts))}\n`);
  console.log = write(process.stdout);
  console.info = console.log;
  console.error = write(process.stderr);
  console.warn = console.error;
  return {
    add(...more) {
      for (const secret of more) if (secret) secrets.push(secret);
      mask = createMasker(secrets);
    },
    clean,
  };
}
