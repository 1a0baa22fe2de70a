import { useNavigate } from "react-router";

/**
 * The article's text. The HTML was sanitized on the server (app/server/articles/article-markdown.server.ts). It
 * comes from Markdown, so its links are plain <a>: a plain left click on one that stays on the
 * site becomes an in-app navigation (no full reload); new-tab clicks and off-site links behave
 * as usual.
 */
export function ArticleBody({ html }: { html: string }) {
  const followSiteLink = useSiteLinks();
  // The click is delegated from the article's own links, which are focusable and fire click on
  // Enter, so keyboard users get the same in-app navigation; the wrapper itself is not a control.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className="article-prose mt-10" onClick={followSiteLink} dangerouslySetInnerHTML={{ __html: html }} />;
}

function useSiteLinks() {
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || link.target || !href || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  };
}
