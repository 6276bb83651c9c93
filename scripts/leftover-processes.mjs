#!/usr/bin/env node
/**
 * Fails when a process started by the test suite is still running after it: every test that
 * starts a process must stop its whole tree. The test command exports PERCH_TEST_RUN=<id>,
 * which every process the suite starts inherits, so this finds exactly this run's processes
 * (not another run's on the same machine, not the user's own), names them, then stops them
 * so the machine is left clean.
 *
 *   node scripts/leftover-processes.mjs <run id>
 *
 * PERCH_LEFTOVER_GRACE_MS (5000 unless set) is how long a leftover gets to end by itself; the
 * check's own test sets it to 0, since its straggler never ends by itself.
 */
import { readFileSync, readdirSync } from 'node:fs';

const runId = process.argv[2];
if (!runId) {
  console.error('usage: node scripts/leftover-processes.mjs <run id>');
  process.exit(2);
}
if (process.platform !== 'linux') {
  console.log('Leftover-process check skipped: it reads /proc, which only Linux has.');
  process.exit(0);
}

const read = (pid, file) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return ''; // gone meanwhile, or not ours to read
  }
};
const parentOf = (pid) => Number(/^PPid:\s+(\d+)/m.exec(read(pid, 'status'))?.[1] ?? 0);

// This check and the shells that run it carry the marker too; they are not leftovers.
const ancestors = new Set();
for (let pid = process.pid; pid > 0; pid = parentOf(pid)) ancestors.add(pid);

const marker = `PERCH_TEST_RUN=${runId}`;
const findLeftovers = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => !ancestors.has(pid))
    .filter((pid) => read(pid, 'environ').split('\0').includes(marker))
    .map((pid) => ({ pid, command: read(pid, 'cmdline').split('\0').join(' ').trim() }))
    .filter(({ command }) => command !== ''); // zombies have no command line and hold nothing

// A daemon that ends with its session (the test keyring's) may take a moment to notice.
const graceMs = Number(process.env['PERCH_LEFTOVER_GRACE_MS'] ?? 5_000);
let leftovers = findLeftovers();
for (const deadline = Date.now() + graceMs; leftovers.length > 0 && Date.now() < deadline;) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  leftovers = findLeftovers();
}

if (leftovers.length === 0) {
  console.log('No process started by the tests is left running.');
  process.exit(0);
}
console.error(
  `${leftovers.length} process(es) started by the tests were still running ${graceMs / 1000} s after them:`,
);
for (const { pid, command } of leftovers) {
  console.error(`  ${pid}  ${command.length > 200 ? `${command.slice(0, 200)}…` : command}`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
console.error('They have been stopped. A test that starts a process must stop its whole tree');
console.error('(tests/e2e/support/process-tree.ts).');
process.exit(1);
