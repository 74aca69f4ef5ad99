// Preloaded into a child process by a bench (node --import): prints its peak resident memory as it exits, on the
// raw stderr (after anything the process prints), for the bench to read.
import { writeSync } from 'node:fs';

process.on('exit', () => writeSync(2, `\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`));
