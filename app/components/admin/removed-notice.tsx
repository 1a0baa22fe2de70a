import { useSearchParams } from "react-router";
import { Notice } from "~/components/ui/notice";

/** After a delete, the page the admin returns to says what went (the confirmation redirects with ?removed=…). */
export function RemovedNotice() {
  const [params] = useSearchParams();
  const removed = params.get("removed");
  if (!removed) return null;
  const images = Number(params.get("images") ?? "0");
  return (
    <Notice tone="green" title="Deleted" role="status" className="mb-5">
      <p>
        Deleted {removed}
        {images > 0 ? ` and ${images} uploaded ${images === 1 ? "picture" : "pictures"}` : ""}. The public pages no longer show{" "}
        {removed.startsWith("1 ") && !removed.includes(" and ") ? "it" : "them"}.
      </p>
    </Notice>
  );
}
