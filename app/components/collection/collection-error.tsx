import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { BackToReviewsLink } from "./back-to-reviews-link";

/**
 * A collection whose products could not be read: its title, the error in red text, and a
 * destructive toast.
 */
export function CollectionError({ title, message, toastText }: { title: string; message: string; toastText: string }) {
  useEffect(() => {
    toast.error("Error loading products", { description: toastText, id: "collection-load-error" });
  }, [toastText]);

  return (
    <section className="page-container py-12 md:py-16" aria-labelledby="collection-error-title">
      <BackToReviewsLink />
      <h1 id="collection-error-title" className="mt-5 text-3xl font-semibold md:text-4xl">
        {title}
      </h1>
      <p role="alert" className="mt-6 rounded-card border border-red-200 bg-red-50 px-4 py-3 font-medium text-rating-poor">
        {message}
      </p>
    </section>
  );
}
