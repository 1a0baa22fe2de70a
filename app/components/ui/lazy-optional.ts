import { lazy, type ComponentType } from "react";

/**
 * `React.lazy` for a piece a page can do without (the compare tray, the toast area): a file that
 * cannot be fetched (offline, or a page opened before a deploy replaced it) renders nothing,
 * where a plain lazy component would throw and replace the whole page with its error screen.
 */
export function lazyOptional<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: (() => null) as ComponentType<Props> }),
    ),
  );
}
