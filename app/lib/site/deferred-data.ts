/**
 * When a page may stream part of its loader data after the first paint (React Router's deferred
 * data, the Hydrogen-style loadCriticalData / loadDeferredData split).
 *
 * Only a client-side navigation streams: the app's own fetch of the route data, which browsers
 * mark `Sec-Fetch-Dest: empty`. There the deferred section shows its skeleton until its data
 * arrives. A document request (a browser loading the page, JavaScript on or off, or a crawler with
 * no such header) waits for everything, so the first HTML is complete: React outlines a large
 * streamed section into a hidden template that only a script can reveal, which a reader without
 * JavaScript, and many crawlers, would never see.
 */
export function streamsDeferredData(headers: Headers): boolean {
  return headers.get("Sec-Fetch-Dest")?.trim().toLowerCase() === "empty";
}
