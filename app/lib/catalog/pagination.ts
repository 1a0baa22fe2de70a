/**
 * Page numbers for the public product lists (/reviews, search results, collection pages): which
 * page a `?page=` value asks for, how many pages a list has, where a page starts, and which page
 * links to print. Page sizes and the out-of-range rule are recorded in ADR 0017.
 */

/** A ranked collection page: ten picks per page, the length of a "top 10" a reader expects. */
export const COLLECTION_PAGE_SIZE = 10;
/** The reviews index and search results: compact rows in two columns, so an even number. */
export const PRODUCT_LIST_PAGE_SIZE = 24;

export const PAGE_PARAM = "page";

/** Beyond this a page number is not a page anyone reached by following links. */
const MAX_PAGE = 1_000_000;

export interface PageParam {
  page: number;
  /**
   * False when the URL should be written differently: '?page=1' (page 1 has no parameter),
   * '?page=02', '?page=abc', '?page=0'. The caller redirects to the canonical form.
   */
  canonical: boolean;
}

/** Reads `?page=`: absent means page 1; anything that is not a page number means page 1 too. */
export function parsePageParam(raw: string | null | undefined): PageParam {
  if (raw === null || raw === undefined) return { page: 1, canonical: true };
  if (!/^\d{1,7}$/.test(raw)) return { page: 1, canonical: false };
  const page = Number(raw);
  if (page < 1 || page > MAX_PAGE) return { page: 1, canonical: false };
  return { page, canonical: page !== 1 && String(page) === raw };
}

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The number of items before the first one on `page`. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize;
}

export interface PageInfo {
  page: number;
  pageCount: number;
  pageSize: number;
  /** Items in the whole list, not on this page. */
  totalItems: number;
}

export function pageInfo(page: number, totalItems: number, pageSize: number): PageInfo {
  return { page, pageCount: pageCount(totalItems, pageSize), pageSize, totalItems };
}

/** Whether a page number lies past the end of its list (the caller redirects to the last page). */
export function isPastLastPage(info: PageInfo): boolean {
  return info.page > info.pageCount;
}

/**
 * The address of `page` of the list at `pathname`, keeping the other query parameters
 * (`q`, `view`) in their order and the page number last. Page 1 carries no parameter, so it has
 * exactly one URL.
 */
export function pageHref(pathname: string, search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  // The page number always goes last, whatever order the address came in: the page cache renders
  // a page for its key, whose parameters are sorted, and a link or redirect must still read
  // `?q=cedar&page=2`, one spelling for one page.
  params.delete(PAGE_PARAM);
  if (page > 1) params.append(PAGE_PARAM, String(page));
  const query = params.toString();
  return query === "" ? pathname : `${pathname}?${query}`;
}

/** 'Sauna Reviews' on page 1, 'Sauna Reviews – Page 2' after it. */
export function pagedTitle(title: string, page: number): string {
  return page > 1 ? `${title} – Page ${page}` : title;
}

export type PageLink = { kind: "page"; page: number; current: boolean } | { kind: "gap"; key: string };

/**
 * The page numbers a pagination bar shows: always the first and the last, the current page with
 * `around` neighbours on each side, and a gap where numbers are left out. A gap never stands for
 * a single page: that page is shown instead, as a gap would take the same room.
 */
export function pageLinks(current: number, count: number, around = 1): PageLink[] {
  const shown = new Set<number>([1, count]);
  for (let page = current - around; page <= current + around; page++) {
    if (page >= 1 && page <= count) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) links.push({ kind: "page", page: previous + 1, current: previous + 1 === current });
    else if (page - previous > 2) links.push({ kind: "gap", key: `gap-${previous}` });
    links.push({ kind: "page", page, current: page === current });
    previous = page;
  }
  return links;
}

export interface PagedUrls {
  /** This page's own address: a page 2 is its own page, not a copy of page 1. */
  canonical: string;
  prev: string | null;
  next: string | null;
}

/**
 * The absolute addresses the head names for a page of a list: canonical, rel=prev, rel=next.
 * `listParams` are the parameters that choose the list (a search's `q`), without presentation
 * ones such as `view`, so every view of a page shares its canonical.
 */
export function pagedUrls(origin: string, pathname: string, listParams: URLSearchParams, info: PageInfo): PagedUrls {
  const at = (page: number) => `${origin}${pageHref(pathname, listParams, page)}`;
  return {
    canonical: at(info.page),
    prev: info.page > 1 ? at(Math.min(info.page - 1, info.pageCount)) : null,
    next: info.page < info.pageCount ? at(info.page + 1) : null,
  };
}

/** The head's link tags for those addresses, in the shape route meta functions return. */
export function pagedLinkTags(urls: PagedUrls) {
  return [
    { tagName: "link", rel: "canonical", href: urls.canonical },
    ...(urls.prev ? [{ tagName: "link", rel: "prev", href: urls.prev }] : []),
    ...(urls.next ? [{ tagName: "link", rel: "next", href: urls.next }] : []),
  ];
}
