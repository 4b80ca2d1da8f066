import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The installable shop's page side (the worker itself: service-worker/sw.js): registers the service worker once the
 * page has loaded and the browser is idle, so it never competes with the first paint or the first tap; tells the
 * customer, calmly, when the connection is gone and what still works; and offers a reload when a new build took over
 * while this tab still runs the old one. Loaded with the layout's other lazy work (layout-sync.tsx): nothing of it is
 * in the first screen's JavaScript.
 */

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** False while the browser reports no connection. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** Where the customer is about to order: the offline notice says what these need. */
const ORDERING_PAGE = /^\/(?:payment|login|register|forgot-password|history)/;

/** The address of the running page's own entry script: what tells one build from another. */
function runningScript(): string | undefined {
  const boot = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src;
  const url = boot ?? entry;
  return url ? new URL(url, window.location.href).pathname : undefined;
}

/** Asks the active worker whether the running page's script is one of its build's files. */
function isCurrentBuild(worker: ServiceWorker, script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ current?: boolean }>) => resolve(event.data.current !== false);
    worker.postMessage({ type: 'is-current', script }, [channel.port2]);
    // A worker that does not answer (an older one) is taken as current: no notice rather than a wrong one.
    setTimeout(() => resolve(true), 3000);
  });
}

/** The addresses a tab fetched before the worker controlled it, kept across its page loads (sessionStorage). */
const SEEN_KEY = 'coffee-shop:before-worker';

function seenHere(): string[] {
  return [window.location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)];
}

/** Kept when the page goes (a quick next click may come before the worker is ready). */
function rememberSeen(): void {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]') as string[];
    sessionStorage.setItem(SEEN_KEY, JSON.stringify([...new Set([...kept, ...seenHere()])].slice(-200)));
  } catch {
    // Storage full or refused: this page is simply not kept for offline.
  }
}

/** Everything kept so far and this page's own, once; the worker keeps the public ones among them. */
function takeSeen(): string[] {
  let kept: string[] = [];
  try {
    kept = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]') as string[];
    sessionStorage.removeItem(SEEN_KEY);
  } catch {
    // As above.
  }
  return [...new Set([...kept, ...seenHere()])].slice(-200);
}

function whenIdle(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Registers /sw.js after load and idle; calls `onNewBuild` when a newer build takes over this tab. */
export function registerServiceWorker(onNewBuild: () => void): () => void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return () => undefined;
  const container = navigator.serviceWorker;
  // A first install also changes the controller: only a tab that already had a worker can be running an old build.
  const hadController = container.controller !== null;
  const onControllerChange = () => {
    const script = runningScript();
    const worker = container.controller;
    if (!hadController || !script || !worker) return;
    void isCurrentBuild(worker, script).then((current) => {
      if (!current) onNewBuild();
    });
  };
  container.addEventListener('controllerchange', onControllerChange);
  whenIdle(() => {
    // updateViaCache 'none': the worker script is always checked with the server, never read from the HTTP cache.
    container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // No worker (a private window that refuses one, a failed download): the shop works as a plain page.
    });
    if (!hadController) {
      // This page (and the pages before it in this tab) and what they fetched came before the worker: hand them over
      // once it is ready, so the first visit is there offline too.
      void container.ready.then((registration) => {
        registration.active?.postMessage({ type: 'seen', urls: takeSeen() });
      });
    }
  });
  if (!hadController) window.addEventListener('pagehide', rememberSeen);
  return () => {
    container.removeEventListener('controllerchange', onControllerChange);
    window.removeEventListener('pagehide', rememberSeen);
  };
}

/** The offline notice and the new-version notice, at the bottom of every page. */
export default function PwaNotices() {
  const online = useOnline();
  const { t } = useLingui();
  const { pathname } = useLocation();
  const [newBuild, setNewBuild] = useState(false);
  useEffect(() => registerServiceWorker(() => setNewBuild(true)), []);
  if (online && !newBuild) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex flex-col items-center gap-2 px-4">
      {!online && (
        <p
          role="status"
          className="pointer-events-auto max-w-md rounded-2xl bg-crema-soft px-5 py-3 text-center font-display text-sm text-espresso-dark shadow-lg"
        >
          {ORDERING_PAGE.test(pathname)
            ? t`You are offline. Signing in and checking out needs a connection: your cart is kept, and you can pay once you are back online.`
            : t`You are offline. The menu and the products you have seen are still here; ordering needs a connection.`}
        </p>
      )}
      {newBuild && (
        <div
          role="status"
          className="pointer-events-auto flex max-w-md items-center gap-4 rounded-2xl bg-espresso px-5 py-3 font-display text-sm text-white shadow-lg"
        >
          <span>
            <Trans>A new version of the shop is ready.</Trans>
          </span>
          <button
            type="button"
            className="rounded-full bg-crema px-4 py-1.5 text-espresso-dark"
            onClick={() => window.location.reload()}
          >
            <Trans>Reload</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
