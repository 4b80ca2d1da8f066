import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * A new build served after a visit: the next visit runs the new app, whole, with no error; a tab still running the old
 * build is offered the new one. The "new build" is the built shop seen through a proxy that renames every script
 * (`name-HASH.js` -> `name-HASH-next.js`, as a real build renames what changed), rewrites every reference to them, marks
 * the entry script, gives the worker a new build id, and answers 404 for the old scripts (a deploy replaces dist).
 */

const SCRIPT = /([A-Za-z0-9_.-]+-[A-Za-z0-9_-]{8})\.js(?![\w-])/g;
const NEXT_MARK = "\n;globalThis.__shopBuild = 'next';\n";

function startDeploySwitch(shop: string) {
  let deployed = false;
  let entry: string | undefined;
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', shop);
      const renamed = /-next\.js$/.test(url.pathname);
      if (deployed && !renamed && /^\/assets\/.+\.js$/.test(url.pathname)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"gone with the old build"}');
        return;
      }
      if (!deployed && renamed) {
        res.writeHead(404).end();
        return;
      }
      const upstream = new URL(url.pathname.replace(/-next\.js$/, '.js') + url.search, shop);
      const headers = Object.fromEntries(
        // Whole answers only (no 304 to a conditional request): the proxy rewrites what it passes on.
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'accept-encoding', 'connection', 'if-none-match', 'if-modified-since'].includes(name),
        ),
      ) as Record<string, string>;
      const answer = await fetch(upstream, { headers, redirect: 'manual' });
      const type = answer.headers.get('content-type') ?? '';
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'etag', 'last-modified'].includes(name)) {
          out[name] = value;
        }
      });
      let body = Buffer.from(await answer.arrayBuffer());
      if (/html|javascript|json/.test(type)) {
        let text = body.toString('utf8');
        if (!deployed && url.pathname === '/') entry = /data-app="\/assets\/([^"]+)"/.exec(text)?.[1];
        if (deployed) {
          text = text.replace(SCRIPT, '$1-next.js');
          if (url.pathname === '/sw.js') text = text.replace(/const BUILD = "([^"]+)"/, 'const BUILD = "$1-next"');
          if (entry && url.pathname === `/assets/${entry.replace(/\.js$/, '-next.js')}`) text += NEXT_MARK;
        }
        body = Buffer.from(text);
      }
      res.writeHead(answer.status, { ...out, 'content-length': String(body.length) }).end(body);
    })().catch((err: unknown) => {
      res.writeHead(502).end(String(err));
    });
  });
  return {
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    deploy() {
      deployed = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function controlledBy(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  }, undefined, { timeout: 20_000 });
}

/** Problems a customer would meet: script errors, and answers the page could not load. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/api/')) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

test('a new build served after a visit: the next visit runs it whole, an old tab is offered it', async ({ browser, baseURL }) => {
  // Two builds installed one after the other by the worker, through a proxy that rewrites every script.
  test.slow();
  const proxy = startDeploySwitch(baseURL ?? 'http://127.0.0.1:3100');
  const origin = await proxy.listen();
  const context = await browser.newContext({ baseURL: origin });
  try {
    const oldTab = await context.newPage();
    const oldProblems = problemsOf(oldTab);
    await oldTab.goto('/');
    await oldTab.waitForSelector('html[data-app-started]', { state: 'attached' });
    await controlledBy(oldTab);
    await oldTab.goto('/products');
    await oldTab.waitForSelector('html[data-app-started]', { state: 'attached' });
    expect(await oldTab.evaluate(() => (globalThis as { __shopBuild?: string }).__shopBuild)).toBeUndefined();

    proxy.deploy();

    // The next visit: the page comes from the network first, so it is the new build with every one of its files.
    const tab = await context.newPage();
    const problems = problemsOf(tab);
    await tab.goto('/');
    await tab.waitForSelector('html[data-app-started]', { state: 'attached' });
    await expect.poll(() => tab.evaluate(() => (globalThis as { __shopBuild?: string }).__shopBuild)).toBe('next');
    await tab.getByRole('link', { name: 'Get Started' }).click();
    await expect(tab.getByRole('link', { name: /Hazelnut Latte/ }).first()).toBeVisible();
    const scripts = await tab.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js') && path !== '/sw.js'),
    );
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((path) => !path.endsWith('-next.js')), 'files of the old build').toEqual([]);

    // The new worker took over (its build's shell kept, the old one's too for the old tab)...
    await expect
      .poll(() => tab.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('shell-')).sort()))
      .toEqual([expect.stringMatching(/^shell-\w+$/), expect.stringMatching(/^shell-\w+-next$/)]);
    // ...and the tab still on the old build is told a new one is ready, once; reloading runs it.
    const notice = oldTab.getByRole('status').filter({ hasText: 'A new version of the shop is ready' });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(tab.getByText('A new version of the shop is ready')).toHaveCount(0);
    await notice.getByRole('button', { name: 'Reload' }).click();
    await oldTab.waitForSelector('html[data-app-started]', { state: 'attached' });
    await expect.poll(() => oldTab.evaluate(() => (globalThis as { __shopBuild?: string }).__shopBuild)).toBe('next');

    // Online, nothing failed in either tab (offline, the API calls fail by nature).
    expect(problems).toEqual([]);
    expect(oldProblems).toEqual([]);

    // Offline, the home page seen on this visit opens from the device as the new build: its own files, not a mix.
    await tab.goto('/');
    await tab.waitForSelector('html[data-app-started]', { state: 'attached' });
    await context.setOffline(true);
    await tab.reload();
    await tab.waitForSelector('html[data-app-started]', { state: 'attached' });
    expect(await tab.evaluate(() => (globalThis as { __shopBuild?: string }).__shopBuild)).toBe('next');
    await context.setOffline(false);
  } finally {
    await context.close();
    await proxy.close();
  }
});
