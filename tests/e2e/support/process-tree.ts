import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Starts a command as the leader of a new process group. Stopping it with `stopTree` then
 * reaches every process it started: `npx` and `npm` do not pass SIGTERM on to the node
 * process they run, so killing only the first process leaves the server behind.
 */
export function spawnTree(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildProcess {
  return spawn(command, args, { ...options, detached: true });
}

/**
 * Whether a process of the group is still running on Linux. An orphan that has exited
 * stays a zombie until init reaps it, which can take seconds; it holds nothing, so it does
 * not count.
 */
function groupRunningOnLinux(pgid: number): boolean {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .some((pid) => {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        return false; // gone meanwhile
      }
      // "pid (command) state ppid pgrp …"; the command may itself hold spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z';
    });
}

/** Whether any process of the group led by `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return process.platform === 'linux' ? groupRunningOnLinux(pgid) : true;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Resolves true once the group is gone, false if it outlives `ms`. */
async function groupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    // The group has no event to wait on once its leader is gone, so it is asked again.
    await delay(25);
  }
  return true;
}

/**
 * Stops the whole process group of a `spawnTree` child: SIGTERM so servers close cleanly,
 * SIGKILL for whatever is still there after `graceMs`. Resolves once no process of the
 * group is left, so a test's cleanup really leaves nothing running.
 */
export async function stopTree(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  signalGroup(pgid, 'SIGTERM');
  if (await groupGone(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  if (!(await groupGone(pgid, graceMs))) {
    throw new Error(`processes of group ${pgid} survived SIGKILL`);
  }
}
