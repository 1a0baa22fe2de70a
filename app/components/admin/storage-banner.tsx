import { RefreshCw } from "lucide-react";
import { storageBanner, type StorageState } from "~/lib/admin/storage-messages";
import { Notice } from "~/components/ui/notice";

/** SPEC §4 "Storage check": loading, then one of ready / created / partial / limited. */
export function StorageBanner({ status, checking }: { status: StorageState; checking: boolean }) {
  if (checking) {
    return (
      <div role="status" className="flex items-center gap-3 rounded-card border border-line bg-surface px-4 py-3 text-sm text-ink-muted">
        <RefreshCw aria-hidden className="size-4 animate-spin text-brand" />
        Checking storage status…
      </div>
    );
  }
  const banner = storageBanner(status);
  return (
    <Notice tone={banner.tone} title={banner.title} role="status">
      <p>{banner.message}</p>
      {banner.detail && <p className="mt-1 font-mono text-xs break-all">{banner.detail}</p>}
    </Notice>
  );
}
