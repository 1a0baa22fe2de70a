import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { LinkCheckRunView } from "~/lib/links/link-report";

const POLL_MS = 1000;

/**
 * While a link check runs, asks /admin/links/progress every second and returns the newest
 * progress; when the run ends, reloads the page's data once so the list shows the results.
 * Without JavaScript nothing polls: the page shows the progress of the moment it was loaded.
 */
export function useLinkCheckProgress(fromLoader: LinkCheckRunView | null): LinkCheckRunView | null {
  const fetcher = useFetcher<{ run: LinkCheckRunView | null }>();
  const revalidator = useRevalidator();
  const polled = fetcher.data?.run ?? null;
  // The loader's copy wins when it is about a newer run (a click on "Check now" after the last poll).
  const current = polled && fromLoader && polled.id >= fromLoader.id ? polled : fromLoader;
  const running = current?.running ?? false;
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load.current("/admin/links/progress"), POLL_MS);
    return () => clearInterval(timer);
  }, [running]);

  const finishedId = polled && !polled.running ? polled.id : null;
  const revalidatedFor = useRef<number | null>(null);
  useEffect(() => {
    if (finishedId === null || !fromLoader?.running || fromLoader.id !== finishedId) return;
    if (revalidatedFor.current === finishedId) return;
    revalidatedFor.current = finishedId;
    void revalidator.revalidate();
  }, [finishedId, fromLoader, revalidator]);

  return current;
}
