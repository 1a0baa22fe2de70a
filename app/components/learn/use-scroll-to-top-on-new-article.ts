import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * The page scrolls to the top when the article changes. Back and forward keep the position the
 * browser restores, and a link to a #section keeps its anchor.
 */
export function useScrollToTopOnNewArticle(articleId: string) {
  const navigationType = useNavigationType();
  const { hash } = useLocation();
  useEffect(() => {
    if (navigationType !== "POP" && !hash) window.scrollTo({ top: 0, left: 0 });
    // Only a new article scrolls; navigationType and hash are read at that moment, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [articleId]);
}
