import type { ResultToast } from "../forms/result-toast";

/**
 * The storage banner and toast words for each state the
 * check can end in. The states mirror app/server/storage/storage.server.ts's StorageStatus.
 */

export type StorageState =
  | { state: "ready"; files: number }
  | { state: "created"; files: number }
  | { state: "missing" }
  | { state: "create-failed"; detail: string }
  | { state: "partial"; detail: string }
  | { state: "inaccessible"; detail: string }
  | { state: "error"; detail: string };

export interface StorageBanner {
  tone: "green" | "yellow" | "red" | "blue";
  title: string;
  message: string;
  detail?: string;
}

const filesText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "file" : "files"}`;

export function storageBanner(status: StorageState): StorageBanner {
  switch (status.state) {
    case "ready":
    case "created":
      return { tone: "green", title: "Storage Ready", message: `The product-images bucket is accessible with ${filesText(status.files)}.` };
    case "missing":
      return {
        tone: "blue",
        title: "Storage not set up yet",
        message: "The product-images bucket does not exist yet. Check Storage Status creates it.",
      };
    case "create-failed":
      return {
        tone: "red",
        title: "Storage Access Limited",
        message: "Failed to create storage bucket. Images will use direct URLs.",
        detail: status.detail,
      };
    case "partial":
      return { tone: "yellow", title: "Storage Partial Access", message: "Can access bucket but not list files.", detail: status.detail };
    case "inaccessible":
      return {
        tone: "red",
        title: "Storage Access Limited",
        message: "Unable to access storage. Images will use direct URLs.",
        detail: `Error accessing storage: ${status.detail}`,
      };
    case "error":
      return { tone: "red", title: "Storage Access Limited", message: "Error checking storage status.", detail: status.detail };
  }
}

/** The toast a check ends with: 'Storage Bucket Created', or the failure in red. */
export function storageToast(status: StorageState): ResultToast | null {
  if (status.state === "created") {
    return {
      kind: "success",
      title: "Storage Bucket Created",
      description: "The product-images bucket was created and is ready for uploads.",
    };
  }
  if (status.state === "ready" || status.state === "missing") return null;
  const banner = storageBanner(status);
  return { kind: "error", title: banner.title, description: banner.message };
}
