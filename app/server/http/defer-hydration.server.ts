import { MODULE_BOOTSTRAP, MODULE_PRELOAD } from "../framework/react-router-adapter.server";

/**
 * A reader's page hydrates after it is painted (docs/decisions/0044, 0122).
 *
 * React Router's document asks for every script of the page (about 120 KB compressed) at once,
 * with modulepreload links in the head and a module script at the end of the body. On a phone's
 * slow connection those scripts share the bandwidth with what the reader is waiting for: the page's
 * main picture (the home hero, a collection's hero, a product's first photo, an article's cover),
 * and before it the style sheet, without which nothing is painted at all. The page is fully usable
 * before hydration: links are real links and forms real forms.
 *
 * So a reader's document is rewritten:
 * - the modulepreload links leave the head;
 * - the module script that imports the route modules and starts React is kept, inert, in a
 *   `<script type="text/x-hydrate">` (a data block: browsers never run it);
 * - a small classic script starts hydration once the page is painted: where a picture is marked
 *   `fetchpriority="high"`, once that picture is on screen (the browser's element timing report
 *   for it, or its largest paint report where there is no element timing, or where there is
 *   neither: decoded, then the next frame; the scripts' parsing must not hold up its paint
 *   either) or has failed; on a page without one, after its first
 *   frame. Or on the reader's first tap, key or focus, or after {@link HYDRATION_DEADLINE_MS},
 *   whichever comes first. Starting means adding the modulepreload links back, all at once (so the
 *   module graph is fetched in parallel, not import by import), then a module script with the
 *   original text.
 *
 * The Content-Security-Policy allows the server's own inline scripts by hash: the module script
 * inserted later has exactly the original bootstrap's text, which is allowed already, and the
 * starter is the server's too ({@link HYDRATION_STARTER}).
 *
 * The owner's screens (admin, sign-in) are left as React Router wrote them: the caller decides.
 */

/** Longest wait for the picture before hydration starts anyway (a stalled picture must not keep the page inert). */
export const HYDRATION_DEADLINE_MS = 3000;

/**
 * Where the browser reports largest paints but not element timing, hydration starts when the
 * largest paint naming the picture arrives: that is after the frame showing it was presented,
 * which "decoded, then the next frame" only approximates (the compositor can present it well after
 * the scripts were asked for on a busy device). If the picture is not the page's largest paint (on
 * a phone a collection's intro text can be larger) no report names it, and hydration starts this
 * long after the frame following its decode: usually enough for that frame to have been presented.
 */
export const LARGEST_PAINT_GRACE_MS = 100;

/**
 * Where the browser has element timing (Chromium), the picture's own report (`elementtiming` on
 * it, from `MAIN_PICTURE`) arrives once it is presented, largest or not, so the decode is only a
 * fallback for a picture never painted (hidden at this width): a wait long enough that a busy
 * device's late frame never loses the race, short of the deadline.
 */
export const ELEMENT_TIMING_GRACE_MS = 1000;

/** The type of the inert copy of the bootstrap: a data block to the browser. */
export const DEFERRED_SCRIPT_TYPE = "text/x-hydrate";
const DEFERRED_ID = "hydrate-module";

/**
 * Runs in the browser, as written (it is sent verbatim, so it is plain ES5 and short). The
 * picture is found by the same attribute the server looked for.
 */
export const HYDRATION_STARTER = `(function(){var d=document,s=d.getElementById("${DEFERRED_ID}"),on=false,p=d.querySelector('img[fetchpriority="high"]'),ev=["pointerdown","keydown","focusin"];
function go(){if(on)return;on=true;ev.forEach(function(e){removeEventListener(e,go,true)});
(s.getAttribute("data-preload")||"").split(" ").forEach(function(h){if(!h)return;var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});
var m=d.createElement("script");m.type="module";m.textContent=s.textContent;d.body.appendChild(m)}
var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[],el=!!p&&p.hasAttribute("elementtiming")&&t.indexOf("element")>=0,lcp=t.indexOf("largest-contentful-paint")>=0;
function painted(){requestAnimationFrame(function(){setTimeout(go,el?${ELEMENT_TIMING_GRACE_MS}:lcp?${LARGEST_PAINT_GRACE_MS}:0)})}
ev.forEach(function(e){addEventListener(e,go,true)});setTimeout(go,${HYDRATION_DEADLINE_MS});
if(!p){requestAnimationFrame(function(){setTimeout(go,0)});return}
if(el||lcp)new P(function(l){l.getEntries().forEach(function(e){if(e.element===p)setTimeout(go,0)})}).observe({type:el?"element":"largest-contentful-paint",buffered:true});
if(p.decode)p.decode().then(painted,go);else if(p.complete)painted();else{p.addEventListener("load",painted);p.addEventListener("error",go)}})();`;

/** The document with hydration deferred as described above, or unchanged when it has no bootstrap. */
export function deferHydration(html: string): string {
  const bootstrap = MODULE_BOOTSTRAP.exec(html);
  if (!bootstrap) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const inert = `<script type="${DEFERRED_SCRIPT_TYPE}" id="${DEFERRED_ID}" data-preload="${preloads.join(" ")}">${bootstrap[1]}</script><script>${HYDRATION_STARTER}</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(bootstrap[0], () => inert);
}
