import { ArgsError, USAGE, parseSandboxArgs } from './args';
import { FixtureError } from './fixture';
import { startSandbox } from './sandbox';

/** `npm run sandbox -- …`: parse the command line, start, print the ready line, stop cleanly on a signal. */
async function main(): Promise<void> {
  let options;
  try {
    options = parseSandboxArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    console.error(`sandbox: ${err.message}\n${USAGE}`);
    process.exit(2);
  }
  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (err) {
    const message = err instanceof FixtureError || err instanceof Error ? err.message : String(err);
    console.error(`sandbox: cannot start: ${message}`);
    process.exit(1);
  }
  console.log(`sandbox ready base_url=${sandbox.baseUrl} secondary_url=${sandbox.secondaryUrl}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    sandbox
      .close()
      .then(() => {
        console.error(`sandbox: stopped (${signal})`);
        process.exit(0);
      })
      .catch((err: unknown) => {
        console.error('sandbox: error while stopping:', err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
