/**
 * The first script of a page that arrives drawn (prerendered at build, or rendered by the API with its data):
 * scripts/prerender.mjs puts it in place of the app's own script and module preloads, named in its data-app and
 * data-preload attributes. It asks for the app (~100 KB) once the page's content has painted, so on a phone's slow
 * link the page's pictures and fonts get the bandwidth first; the app then hydrates what is already on screen. Pages
 * that arrive empty (sign-in, cart...) load the app at once, as Vite wrote them.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
let started = false;

function startApp(): void {
  if (started || !tag?.dataset.app) return;
  started = true;
  // Each module is fetched at once, in parallel, and runs once: the entry runs after the chunks it imports.
  for (const url of [...(tag.dataset.preload ?? '').split(' ').filter(Boolean), tag.dataset.app]) {
    void import(/* @vite-ignore */ url);
  }
}

const afterPaint = () => setTimeout(startApp, 0);
if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints nothing until shown.
  startApp();
} else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  // The first paint with content, not merely the first frame (which may be blank while fonts and styles settle).
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    afterPaint();
  }).observe({ type: 'paint', buffered: true });
  // A page that paints no content (none is drawn that way today) still starts.
  setTimeout(startApp, 3000);
} else {
  // requestAnimationFrame runs before the next paint, the timeout after it.
  requestAnimationFrame(afterPaint);
}
