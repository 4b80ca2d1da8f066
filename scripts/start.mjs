#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the compiled server in this process, in
// production unless NODE_ENV says otherwise. Process managers and containers should run the project's Node 24
// directly, `node_modules/.bin/node --max-semi-space-size=8 --max-old-space-size=512 --v8-pool-size=2
// scripts/start.mjs` (or the same with `apps/api/dist/server.js` after `npm run build`): signals then reach the server
// with no npm in between, and a system `node` may be an older major. The flags (package.json's start script passes
// them) keep V8's memory small: see the README.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under the given paths (files or directories), skipping build output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        walk(path.join(p, entry));
      }
    } else {
      max = Math.max(max, stat.mtimeMs);
    }
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return max;
}

const builds = [
  { name: '@coffee/contract', output: 'packages/contract/dist/index.js', sources: ['packages/contract/src', 'packages/contract/package.json'] },
  { name: '@coffee/api', output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'apps/api/package.json', 'packages/contract/src'] },
  { name: '@coffee/web', output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src'] },
];

for (const build of builds) {
  const output = path.join(root, build.output);
  const stale = !fs.existsSync(output) || fs.statSync(output).mtimeMs < newest(build.sources);
  if (!stale) continue;
  console.log(`Building ${build.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Build of ${build.name} failed; the shop was not started.`);
    process.exit(result.status ?? 1);
  }
  // tsc -b skips writing unchanged outputs: touch the marker so the next start does not rebuild.
  const now = new Date();
  if (fs.existsSync(output)) fs.utimesSync(output, now, now);
}

// The server runs in this process (no extra child to forward signals to), but under `npm start` npm and its shell
// sit above it, and npm exits on SIGTERM without passing the signal on: a process manager that stops "npm start"
// would leave the server running with the port taken. So when the process that started us is gone, shut down as
// if we had received SIGTERM ourselves. kill(pid, 0) only asks whether the process still exists.
const parent = process.ppid;
if (parent > 1) {
  const watch = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      clearInterval(watch);
      // The terminal or pipe we wrote to may have gone with the parent: a failed log line must not crash the drain.
      process.stdout.on('error', () => {});
      process.stderr.on('error', () => {});
      process.kill(process.pid, 'SIGTERM');
    }
  }, 250);
  watch.unref();
}

await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
