import { checkSuite, type SuiteFile } from './suite-file';

/** The sandbox's demo suite (sandboxDemoQuery's answer) if the suite schema accepts it: only such a file is offered. */
export function demoSuiteOf(body: unknown): SuiteFile | undefined {
  if (body === null || body === undefined) return undefined;
  const checked = checkSuite(body);
  return checked.ok ? checked.file : undefined;
}
