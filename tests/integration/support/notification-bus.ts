/**
 * A private D-Bus session per test, and the notification servers the D-Bus notifier is tested
 * against on it: dunst (what a desktop runs; headless under xvfb-run) read back through its
 * own dunstctl and through dbus-monitor, which shows each Notify call as the server received
 * it. The bus has no service directories, so nothing is activated behind a test's back and a
 * bus without a notification server really has none.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Why these tests cannot run here, or undefined where they can. */
export function missingTools(tools: readonly string[]): string | undefined {
  const missing = tools.filter((t) => !onPath(t));
  if (missing.length === 0) return undefined;
  return `skipped: ${missing.join(', ')} not installed (.ci/run installs dbus, dunst, xvfb and xauth)`;
}

export const BUS_TOOLS = ['dbus-daemon', 'dbus-monitor'] as const;
export const DUNST_TOOLS = [...BUS_TOOLS, 'dunst', 'dunstctl', 'xvfb-run', 'xauth'] as const;

export interface PrivateBus {
  address: string;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

function stop(child: ChildProcess, group = false): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  try {
    if (group && child.pid) process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  } catch {
    // Already gone.
  }
  return exited;
}

export async function startPrivateBus(): Promise<PrivateBus> {
  const dir = await mkdtemp(join(tmpdir(), 'perch-bus-'));
  const config = join(dir, 'session.conf');
  await writeFile(config, BUS_CONFIG);
  const daemon = spawn(
    'dbus-daemon',
    [`--config-file=${config}`, '--nofork', '--print-address=1'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const lines = createInterface({ input: daemon.stdout! });
  const address = await new Promise<string>((ok, fail) => {
    lines.once('line', (line) => ok(line.trim()));
    daemon.once('exit', (code) => fail(new Error(`dbus-daemon exited with ${code}`)));
  });
  return {
    address,
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address },
    async close() {
      lines.close();
      await stop(daemon);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(command, args, { env, encoding: 'utf8', timeout: 10_000 });
}

export interface DunstNotification {
  id: number;
  summary: string;
  body: string;
  appname: string;
  category: string;
}

export interface Dunst {
  /** Moves what dunst shows to its history, then reads the history back, newest first. */
  history(): DunstNotification[];
  displayed(): number;
  close(): Promise<void>;
}

/** dunst on the bus, with a virtual X display of its own; resolves once it answers. */
export async function startDunst(bus: PrivateBus): Promise<Dunst> {
  const dir = await mkdtemp(join(tmpdir(), 'perch-dunst-'));
  const config = join(dir, 'dunstrc');
  // Nothing times out on its own during a test: what dunst holds is what Perch left.
  await writeFile(config, '[global]\n  timeout = 0\n');
  const child = spawn('xvfb-run', ['-a', 'dunst', '-config', config], {
    env: bus.env,
    stdio: 'ignore',
    detached: true,
  });
  const answers = () => run('dunstctl', ['is-paused'], bus.env).status === 0;
  const deadline = Date.now() + 20_000;
  while (!answers()) {
    if (child.exitCode !== null) throw new Error('dunst ended before it answered on the bus');
    if (Date.now() > deadline) throw new Error('dunst did not answer on the bus');
    await new Promise((ok) => setImmediate(ok));
  }
  return {
    history() {
      run('dunstctl', ['close-all'], bus.env);
      const out = run('dunstctl', ['history'], bus.env).stdout;
      const parsed = JSON.parse(out) as { data: Record<string, { data: unknown }>[][] };
      return (parsed.data[0] ?? []).map((n) => ({
        id: n['id']?.data as number,
        summary: n['summary']?.data as string,
        body: n['body']?.data as string,
        appname: n['appname']?.data as string,
        category: n['category']?.data as string,
      }));
    },
    displayed() {
      const out = run('dunstctl', ['count', 'displayed'], bus.env).stdout;
      return Number(out.trim());
    },
    async close() {
      await stop(child, true);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface NotifyCall {
  replacesId: number;
  summary: string;
  body: string;
  actions: string[];
  hints: Record<string, string>;
}

export interface NotifyMonitor {
  /** Every Notify call seen on the bus so far, oldest first. */
  calls(): NotifyCall[];
  close(): Promise<void>;
}

const TOKEN =
  /(string|uint32|int32|int64|byte|boolean) ("(?:[^"\\]|\\.)*"|\S+)|array \[|\]|dict entry\(|\)/g;

/** Reads one Notify call as dbus-monitor prints it (its argument list, in order). */
function parseNotify(block: string): NotifyCall | undefined {
  const values: (string | string[] | Record<string, string>)[] = [];
  let list: string[] | undefined;
  let dict: Record<string, string> | undefined;
  let key: string | undefined;
  let depth = 0;
  for (const m of block.matchAll(TOKEN)) {
    const token = m[0];
    if (token === 'array [') {
      depth += 1;
      if (depth === 1) list = [];
      continue;
    }
    if (token === ']') {
      depth -= 1;
      if (depth === 0) {
        values.push(dict ?? list ?? []);
        list = undefined;
        dict = undefined;
      }
      continue;
    }
    if (token === 'dict entry(') {
      dict ??= {};
      key = undefined;
      continue;
    }
    if (token === ')') continue;
    const raw = m[2] ?? '';
    const value = raw.startsWith('"') ? raw.slice(1, -1) : raw;
    if (dict) {
      if (key === undefined) key = value;
      else {
        dict[key] = value;
        key = undefined;
      }
    } else if (list) list.push(value);
    else values.push(value);
  }
  const [, replaces, , summary, body, actions, hints] = values;
  if (typeof summary !== 'string' || typeof body !== 'string') return undefined;
  return {
    replacesId: Number(replaces),
    summary,
    body,
    actions: Array.isArray(actions) ? actions : [],
    hints: hints && !Array.isArray(hints) && typeof hints === 'object' ? hints : {},
  };
}

/** dbus-monitor watching the Notify calls on the bus; resolves once it is listening. */
export async function monitorNotify(bus: PrivateBus): Promise<NotifyMonitor> {
  const child = spawn(
    'dbus-monitor',
    [
      '--address',
      bus.address,
      "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let text = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((ok) => {
    child.stdout!.on('data', (chunk: string) => {
      text += chunk;
      // Its first output is its own NameAcquired: from then on it sees every call.
      if (text.includes('NameAcquired')) ok();
    });
  });
  return {
    calls() {
      return text
        .split(/^(?=method call |signal |method return |error )/m)
        .filter((b) => b.startsWith('method call ') && b.includes('member=Notify'))
        .map((b) => parseNotify(b.slice(b.indexOf('\n'))))
        .filter((c): c is NotifyCall => c !== undefined);
    },
    close: () => stop(child),
  };
}
