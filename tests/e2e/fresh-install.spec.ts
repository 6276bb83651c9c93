/**
 * The README's first command on a machine where npm's registry is all there is. In a scratch
 * copy of the project, keytar can neither download its prebuilt binary (its host points at a
 * closed port) nor build (pkg-config finds no libsecret), as on a fresh machine without the
 * headers behind an npm mirror. `npm ci` must still succeed, and `npm run web -- --demo` must
 * print its URL and serve the demo, saying the keychain binding is missing and how to get it.
 * First the test shows that the scratch machine really defeats keytar: with keytar required,
 * at the version the lockfile pins, its install fails there.
 */
import { expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { desktoplessEnv } from '../fixtures/desktopless-env.ts';
import { spawnTree, stopTree } from './support/process-tree.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let scratch: string | undefined;
let web: ChildProcess | undefined;
let server: StartedServer | undefined;

test.afterEach(async () => {
  if (web) await stopTree(web);
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  web = server = scratch = undefined;
});

/** The project as a clone has it: tracked files and new ones not ignored, nothing built. */
async function copyProject(to: string): Promise<void> {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
    },
  )
    .toString()
    .split('\0')
    .filter((f) => f && existsSync(join(root, f)));
  for (const file of files) {
    await mkdir(dirname(join(to, file)), { recursive: true });
    await copyFile(join(root, file), join(to, file));
  }
}

/** A machine with npm's registry (through this machine's npm cache) and nothing else. */
function freshMachineEnv(home: string, noPkgConfig: string): NodeJS.ProcessEnv {
  const cache = execFileSync('npm', ['config', 'get', 'cache'], { cwd: root }).toString().trim();
  return {
    ...desktoplessEnv(),
    HOME: home,
    npm_config_cache: cache,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // No libsecret for node-gyp's build…
    PKG_CONFIG_LIBDIR: noPkgConfig,
    PKG_CONFIG_PATH: '',
    // …and no prebuilt binary: prebuild-install asks a port where nothing listens.
    npm_config_keytar_binary_host: 'http://127.0.0.1:9',
    npm_config_keytar_binary_host_mirror: 'http://127.0.0.1:9',
    ...installedNodeHeaders(),
  };
}

/**
 * This Node's own headers where the system installed them beside it, so that node-gyp gets as
 * far as looking for libsecret on a machine that cannot download them from nodejs.org either.
 */
function installedNodeHeaders(): NodeJS.ProcessEnv {
  const prefix = dirname(dirname(process.execPath));
  const header = join(prefix, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) return {};
  const text = readFileSync(header, 'utf8');
  const version = ['MAJOR', 'MINOR', 'PATCH']
    .map((part) => new RegExp(`#define NODE_${part}_VERSION (\\d+)`).exec(text)?.[1])
    .join('.');
  return version === process.versions.node ? { npm_config_nodedir: prefix } : {};
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** `npm run web -- --demo`, as the README says; resolves with the URL it prints. */
function startWeb(
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; output: () => string }> {
  const child = spawnTree('npm', ['run', 'web', '--', '--demo'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  web = child;
  let out = '';
  return new Promise((resolve, reject) => {
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, output: () => out });
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code) => reject(new Error(`npm run web exited with ${code}:\n${out}`)));
  });
}

test('npm ci succeeds where keytar cannot be had, and npm run web -- --demo serves the demo and says how to get it', async ({
  page,
}) => {
  // An install and a build on a busy machine; no step waits for time, only for its end.
  test.setTimeout(15 * 60_000);
  scratch = await mkdtemp(join(tmpdir(), 'perch-fresh-'));
  const project = join(scratch, 'perch');
  const home = join(scratch, 'home');
  const noPkgConfig = join(scratch, 'no-pkg-config');
  await Promise.all([mkdir(home), mkdir(noPkgConfig)]);
  await copyProject(project);
  const env = freshMachineEnv(home, noPkgConfig);

  await test.step('with keytar required, its install fails here: the machine has no way to it', async () => {
    // Keytar alone, at the version the lockfile pins, required in a probe package beside the
    // project: what defeats it there defeats it in a full install, without paying for one.
    const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as {
      optionalDependencies?: Record<string, string>;
      allowScripts?: Record<string, boolean>;
    };
    expect(pkg.optionalDependencies?.keytar).toBeDefined();
    const lock = JSON.parse(await readFile(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; optional?: boolean }>;
    };
    const locked = lock.packages['node_modules/keytar'];
    expect(locked?.optional).toBe(true);
    const probe = join(scratch!, 'probe');
    await mkdir(probe);
    await writeFile(
      join(probe, 'package.json'),
      JSON.stringify({
        name: 'keytar-probe',
        private: true,
        dependencies: { keytar: locked!.version },
        allowScripts: { keytar: pkg.allowScripts?.keytar ?? true },
      }),
    );
    const required = await run('npm', ['install'], probe, env);
    expect(required.code, required.output).not.toBe(0);
    expect(required.output).toMatch(/keytar/);
    expect(required.output).toMatch(/libsecret-1/);
  });

  await test.step('as shipped, npm ci exits 0 and leaves keytar out', async () => {
    const install = await run('npm', ['ci'], project, env);
    expect(install.code, install.output).toBe(0);
    expect(existsSync(join(project, 'node_modules', 'keytar'))).toBe(false);
  });

  const { url } = await test.step('npm run web -- --demo prints its URL', () =>
    startWeb(project, env));

  await test.step('the page serves the demo organization', async () => {
    await page.goto(url);
    // The demo owner's home view (web_home_view) is the Inbox: Perch opens there.
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('button', { name: 'Inbox' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await sections.getByRole('button', { name: 'Messages', exact: true }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  await test.step('the Accounts page says the keychain binding is missing and how to get it', async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Accounts', exact: true })
      .click();
    const notice = page.getByTestId('keychain-binding');
    await expect(notice).toContainText("Perch's keychain binding (keytar) is not installed");
    await expect(notice).toContainText('sudo apt-get install libsecret-1-dev');
    await expect(notice).toContainText("run npm install in Perch's folder");
    await expect(notice).toContainText('--secret-store memory');
  });

  await test.step('so does the sign-in form, and a real sign-in ends in the same advice', async () => {
    server = await startServer();
    const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
    await page.getByRole('button', { name: 'Add an account' }).click();
    const form = page.getByRole('region', { name: 'Sign in' });
    await expect(form.getByTestId('keychain-binding')).toContainText('not installed');
    await page.getByLabel('Organization address').fill(server.url);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('API key').fill(member.api_key);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const error = page.getByTestId('signin-error');
    await expect(error).toContainText('Your credentials are correct');
    await expect(error).toContainText('keychain binding (keytar) is not installed');
    await expect(error).toContainText("run npm install in Perch's folder");
  });
});
