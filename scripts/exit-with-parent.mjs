// Every server the tests and benchmarks start stops when the process that started it is gone, even if that one was
// killed with SIGKILL and could not clean up: an interrupted run never leaves a server listening for the next to trip on.
//   node --import ./scripts/exit-with-parent.mjs server.mjs …    a node server: loaded first, it watches its parent
//   node scripts/exit-with-parent.mjs <command> [args…]           any other program (nginx): runs it as a child, stops
//                                                                 it when this wrapper is signalled or orphaned
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const parent = process.ppid;
const orphaned = () => process.ppid !== parent;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { stdio: 'inherit' });
  const stop = () => child.exitCode === null && child.kill('SIGTERM');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`exit-with-parent: could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  setInterval(() => orphaned() && stop(), 500);
} else {
  setInterval(() => {
    if (!orphaned()) return;
    // Stop as on Ctrl-C (the server's own handler closes its files), and for certain shortly after.
    process.kill(process.pid, 'SIGTERM');
    setTimeout(() => process.exit(1), 2_000).unref();
  }, 500).unref();
}
