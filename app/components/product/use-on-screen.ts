import { useEffect, useState } from "react";

/**
 * Whether the element `selector` names is on screen now: the phone's Buy Now bar steps aside
 * while the where-to-buy list is in view, so it never covers that list's first "Buy now". Known
 * only after hydration (IntersectionObserver); before that, and without JavaScript, it is false
 * and the bar stays as it was.
 */
export function useOnScreen(selector: string): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const target = document.querySelector(selector);
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [selector]);
  return onScreen;
}
