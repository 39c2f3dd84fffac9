/**
 * The page's scripts start once its largest picture is painted. The page is rendered on the server:
 * its first paint needs the stylesheet and the priority pictures (the first banner, a product's
 * photo), which the HTML preloads, and not the scripts, which only hydrate it. Fetched at the same
 * time, about 120 kB of scripts shared a phone's link with a 10 kB picture, and every one of them
 * ended on the Largest Contentful Paint's path (docs/decisions/047-the-page-s-scripts-start-once-its-largest.md).
 *
 * React Router writes its bootstrap as a module script (imports of the route modules, then the
 * client entry) and preloads each module with `<link rel="modulepreload">`. This takes both out of
 * the HTML's way: the preloads are dropped, the bootstrap gets an inert type, and a small inline
 * script, right after it, waits until every `fetchpriority="high"` picture in view is painted, then
 * preloads the modules and puts the bootstrap back as a module script (its content is unchanged, so
 * the page's Content-Security-Policy hash of it still holds). A page without such a picture in view
 * starts at once; a picture that takes longer than START_AT_THE_LATEST_MS does not hold the scripts
 * back any longer.
 */

const START_AT_THE_LATEST_MS = 2500;

/** Marks React Router's bootstrap until the loader makes it a module script again. */
const INERT_TYPE = "text/x-after-paint";

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const LOADER_ARGUMENTS = "})(document.currentScript.previousElementSibling, ";
const BOOTSTRAP = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/;

/**
 * The loader: its arguments are the inert bootstrap (the element before it) and the modules to
 * preload. Where the browser reports when an element is painted (Element Timing: Chromium), it waits
 * for the priority pictures in view; elsewhere for their decoding, then a frame. Timers alone are not
 * enough where they are faked (the browser tests' paused clock), element timings are not faked.
 */
const LOADER = `((bootstrap, modules) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.textContent = bootstrap.textContent;
    bootstrap.replaceWith(script);
  };
  const inView = (picture) => {
    const box = picture.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
  };
  const pictures = [...document.querySelectorAll('img[fetchpriority="high"]')].filter(inView);
  if (pictures.length === 0) return start();
  setTimeout(start, ${START_AT_THE_LATEST_MS});
  if (window.PerformanceElementTiming) {
    const waiting = new Set(pictures);
    new PerformanceObserver((list, observer) => {
      for (const entry of list.getEntries()) waiting.delete(entry.element);
      if (waiting.size > 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "element", buffered: true });
  } else {
    Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))).then(() =>
      requestAnimationFrame(() => setTimeout(start)),
    );
  }
${LOADER_ARGUMENTS}`;

/**
 * `html` with its module preloads and React Router's bootstrap deferred as above, and `alsoPreload`
 * (modules the client entry imports dynamically) preloaded with them. `scriptMark` is the mark the
 * application's own inline scripts carry (server/pages/csp.ts hashes them): the loader gets it.
 */
export function scriptsAfterPaint(
  html: string,
  scriptMark: string | undefined,
  alsoPreload: readonly string[] = [],
): string {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) return html;
  const preloaded = [...html.matchAll(MODULE_PRELOAD)]
    .map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter((href) => href !== undefined);
  const modules = [...preloaded, ...alsoPreload];
  const [whole, before = "", after = "", content = ""] = bootstrap;
  const mark = scriptMark === undefined ? "" : ` nonce="${scriptMark}"`;
  const inert = `<script${before}type="${INERT_TYPE}"${after}>${content}</script>`;
  const loader = `<script${mark}>${LOADER}${JSON.stringify(modules)});</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(whole, () => inert + loader);
}

/**
 * The modules a page made by scriptsAfterPaint loads to hydrate (its initial scripts, for the
 * page-weight bench and tests).
 */
export function deferredModules(html: string): string[] {
  const start = html.indexOf(LOADER_ARGUMENTS);
  if (start < 0) return [];
  const list = html.slice(start + LOADER_ARGUMENTS.length, html.indexOf(");</script>", start));
  return JSON.parse(list) as string[];
}
