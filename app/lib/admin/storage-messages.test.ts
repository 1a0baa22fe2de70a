import { describe, expect, it } from "vitest";
import { storageBanner, storageToast } from "./storage-messages";

describe("storage banner and toasts", () => {
  it("ready: the file count", () => {
    expect(storageBanner({ state: "ready", files: 12 })).toEqual({
      tone: "green",
      title: "Storage Ready",
      message: "The product-images bucket is accessible with 12 files.",
    });
    expect(storageBanner({ state: "ready", files: 1 }).message).toContain("with 1 file.");
    expect(storageToast({ state: "ready", files: 3 })).toBeNull();
  });

  it("bucket missing: created, with the spec's toast", () => {
    expect(storageToast({ state: "created", files: 0 })).toMatchObject({ kind: "success", title: "Storage Bucket Created" });
    expect(storageBanner({ state: "created", files: 0 }).title).toBe("Storage Ready");
  });

  it("failures use the spec's titles and messages", () => {
    expect(storageBanner({ state: "inaccessible", detail: "EACCES" })).toEqual({
      tone: "red",
      title: "Storage Access Limited",
      message: "Unable to access storage. Images will use direct URLs.",
      detail: "Error accessing storage: EACCES",
    });
    expect(storageBanner({ state: "create-failed", detail: "EROFS" })).toMatchObject({
      title: "Storage Access Limited",
      message: "Failed to create storage bucket. Images will use direct URLs.",
    });
    expect(storageBanner({ state: "partial", detail: "ENOTDIR" })).toMatchObject({
      tone: "yellow",
      title: "Storage Partial Access",
      message: "Can access bucket but not list files.",
    });
    expect(storageBanner({ state: "error", detail: "boom" })).toMatchObject({ message: "Error checking storage status." });
    expect(storageToast({ state: "partial", detail: "x" })).toEqual({
      kind: "error",
      title: "Storage Partial Access",
      description: "Can access bucket but not list files.",
    });
  });
});
