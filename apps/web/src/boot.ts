/**
 * The first script of a page that arrives drawn (prerendered at build, or rendered by the API with its data):
 * scripts/prerender.mjs puts it in place of the app's own script and module preloads, named in its data-app and
 * data-preload attributes. It asks for the app (~100 KB) once the page has painted, so on a phone's slow link the
 * page's pictures and fonts get the bandwidth first; the app then hydrates what is already on screen. Pages that
 * arrive empty (sign-in, cart...) load the app at once, as Vite wrote them.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');

function startApp(): void {
  if (!tag?.dataset.app) return;
  for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = tag.dataset.app;
  document.head.append(script);
}

// requestAnimationFrame runs before the next paint, the timeout after it once that paint is done. A tab opened in
// the background paints nothing and runs no animation frame until shown: it starts the app at once.
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
