import { createContext, useContext, useEffect, useMemo, useState } from "react";
import {
  DEFAULT_BUY_BUTTON,
  settingsForVariant,
  TEST_VIEW_PATH,
  variantTag,
  type BuyButtonSettings,
  type RunningTest,
} from "~/lib/ab-tests/buy-button";
import { chooseVariant } from "~/lib/ab-tests/variant-choice";

export interface BuyButtonChoice {
  settings: BuyButtonSettings;
  /** The `ab` value the page's tracked links carry while the reader is in a test; null otherwise. */
  tag: string | null;
}

const Choice = createContext<BuyButtonChoice>({ settings: DEFAULT_BUY_BUTTON, tag: null });

/** The button's look for each style option a test can try; a shop that does not sell now keeps the quiet look. */
export function buyButtonLook(style: BuyButtonSettings["style"], buyable = true) {
  if (!buyable || style === "outline") return { variant: "secondary" } as const;
  return { variant: "primary", size: style === "large" ? "lg" : "md" } as const;
}

/** The buy button's words, look and where-to-buy's order for this reader. */
export function useBuyButtonChoice(): BuyButtonChoice {
  return useContext(Choice);
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The page's buy buttons as applied, or as a running test's variant for this reader. The server
 * renders the applied settings (the control), so the cached page is the same for everyone and a
 * reader without JavaScript sees the control; after hydration the browser chooses the variant
 * (kept for the tab), shows it, and reports one view of it per page (`pageKey`).
 */
export function BuyButtonTest({
  applied,
  test,
  pageKey,
  children,
}: {
  applied: BuyButtonSettings;
  test: RunningTest | null;
  pageKey: string;
  children: React.ReactNode;
}) {
  const [variant, setVariant] = useState<number | null>(null);
  const testId = test?.id ?? null;
  const variants = test?.variants.length ?? 0;
  useEffect(() => {
    if (testId === null) {
      setVariant(null);
      return;
    }
    const chosen = chooseVariant(testId, variants, tabStorage());
    setVariant(chosen);
    if (chosen !== null) {
      const body = new URLSearchParams({ test: String(testId), variant: String(chosen) });
      // A beacon survives the reader leaving at once; fetch is the fallback where it is missing.
      if (!navigator.sendBeacon?.(TEST_VIEW_PATH, body))
        void fetch(TEST_VIEW_PATH, { method: "POST", body, keepalive: true }).catch(() => {});
    }
  }, [testId, variants, pageKey]);
  const choice = useMemo<BuyButtonChoice>(
    () => ({
      settings: settingsForVariant(applied, test, variant),
      tag: testId !== null && variant !== null ? variantTag(testId, variant) : null,
    }),
    [applied, test, testId, variant],
  );
  return <Choice.Provider value={choice}>{children}</Choice.Provider>;
}
