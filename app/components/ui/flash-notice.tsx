import type { Flash } from "~/lib/forms/flash";
import { Notice } from "./notice";

/** A flash's notice (what the last form did), at the top of the page it redirected to. */
export function FlashNotice({ flash, className = "mb-5" }: { flash: Flash | null | undefined; className?: string }) {
  if (!flash?.notice) return null;
  return (
    <Notice tone="green" title={flash.notice.title} role="status" className={className}>
      <p>{flash.notice.text}</p>
    </Notice>
  );
}
