/**
 * The first script of a page that arrives drawn (prerendered at build, or rendered by the API with its data):
 * scripts/prerender.mjs writes it into the page's <head> as a classic inline script, in place of the app's own script
 * and module preloads, which it names in its data-app and data-preload attributes. Inline, it runs while the head is
 * parsed, before anything is painted: as a file of its own it arrived a round trip after the page, and a tap on a
 * control painted in between was lost (decision 024). The API's Content-Security-Policy allows it by its hash, so it
 * must stand alone: no import or export (a dynamic import() is fine). It does two things:
 * - asks for the app once the page's content has painted, so on a phone's slow link the page's pictures and
 *   fonts get the bandwidth first; the app then hydrates what is already on screen.
 * - keeps the taps made before the app has started: a tap on a button, a tab, a size or an option is held (the control
 *   shows a busy state at once, `data-tap-pending`, styled in styles.css) and replayed, each exactly once and in
 *   order, on the same element once the app has started (`<html data-app-started>`, set by main.tsx). Links and the
 *   search form work without the app and are left to the browser.
 * Pages that arrive empty (sign-in, cart...) load the app at once, as Vite wrote them.
 */
const root = document.documentElement;
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const STARTED = 'data-app-started';
const PENDING = 'data-tap-pending';
let started = false;

/** Each held tap: the control, and its place in the page in case the app drew it anew (child indexes from <html>). */
const held: Array<[HTMLElement, number[]]> = [];

function hold(event: Event): void {
  const control = (event.target as Element).closest?.<HTMLElement>('button,label,input,summary,[role=tab]');
  if (!control || root.hasAttribute(STARTED) || !answersTaps(control)) return;
  // Not done now (the page has no handlers yet, and a size would show chosen, then flip back when the app starts).
  event.preventDefault();
  event.stopImmediatePropagation();
  control.setAttribute(PENDING, '');
  const place: number[] = [];
  for (let node: Element = control; node.parentElement; node = node.parentElement) {
    place.unshift([...node.parentElement.children].indexOf(node));
  }
  held.push([control, place]);
}

/** Buttons, tabs and choices (a radio or checkbox, or the label that stands for it); not text fields or a real form's submit. */
function answersTaps(control: HTMLElement): boolean {
  const field = control instanceof HTMLLabelElement ? control.control : control;
  if (field instanceof HTMLInputElement) return field.type === 'radio' || field.type === 'checkbox';
  return !(control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action'));
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

async function replay(): Promise<void> {
  for (const [control, place] of held) {
    const target = (control.isConnected ? control : place.reduce<Element | undefined>((node, index) => node?.children[index], root)) as HTMLElement | undefined;
    // A control still working on the tap before (Add to Cart while it adds) is waited for, as a finger would wait.
    for (let tries = 0; tries < 60 && target?.matches(':disabled'); tries++) await pause();
    control.removeAttribute(PENDING);
    // A label's click would focus its radio and scroll back to it (the customer may have scrolled on to Add to
    // Cart): the choice itself is clicked, focused without scrolling.
    const field = target instanceof HTMLLabelElement ? (target.control ?? target) : target;
    field?.focus({ preventScroll: true });
    field?.click();
    await pause();
  }
}

document.addEventListener('click', hold, true);
new MutationObserver((_records, observer) => {
  if (!root.hasAttribute(STARTED)) return;
  observer.disconnect();
  document.removeEventListener('click', hold, true);
  void replay();
}).observe(root, { attributeFilter: [STARTED] });

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
