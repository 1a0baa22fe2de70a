import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { ChevronDown } from "~/components/ui/icons";
import { bestSaunasMenu, type MenuColumn, type MenuLink } from "~/lib/site/site-navigation";

// `.nav-link` and the panel's classes are in app/styles/site-shell.css: every page carries them.
const topLinkClasses = "nav-link";

/**
 * The desktop navigation: the 'Best Saunas' mega menu, then Reviews and Learn. A disclosure
 * button: Enter/Space or a click opens it, Tab moves on into its links, Escape closes it and
 * returns focus, and a click elsewhere, focus leaving it or a navigation closes it.
 *
 * The panel is rendered only while open, as Radix's NavigationMenu mounts its content: kept in
 * the HTML while closed it cost every page about 2.7 KB and 50 elements that nobody could see,
 * since without JavaScript the button cannot open it. Its only reader while closed was a crawler,
 * and the footer (site-footer.tsx) links every one of its targets on every page instead
 * (docs/decisions/0046). `aria-controls` is set only while the panel exists, so it never names a
 * missing element.
 */
export function MegaMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const panelId = `${id}-panel`;

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {/* Escape closes the open menu from anywhere inside it: the key handler sits on the item that
            holds the trigger button and the panel, both real controls. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <li
          ref={item}
          onKeyDown={(event) => {
            if (event.key === "Escape" && open) {
              setOpen(false);
              trigger.current?.focus();
            }
          }}
          onBlur={(event) => {
            if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <button
            ref={trigger}
            type="button"
            id={triggerId}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((now) => !now)}
            className={cn(topLinkClasses, open && "bg-sand")}
          >
            Best Saunas
            <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} />
          </button>
          {open && (
            <div id={panelId} aria-labelledby={triggerId} className="mega-panel">
              <div className="grid grid-cols-3 gap-6">
                {bestSaunasMenu.map((column, index) =>
                  // A column of one group is that group: a wrapper would only add an element.
                  column.length === 1 ? (
                    <MenuGroup key={index} group={column[0]!} />
                  ) : (
                    <div key={index} className="space-y-5">
                      {column.map((group) => (
                        <MenuGroup key={group.heading} group={group} />
                      ))}
                    </div>
                  ),
                )}
              </div>
              <div className="mt-5 border-t border-line pt-4 text-sm">
                <Link to="/reviews" className="font-semibold text-brand hover:text-brand-strong">
                  See every review →
                </Link>
              </div>
            </div>
          )}
        </li>
        <li>
          <SectionLink to="/reviews" pathname={pathname}>
            Reviews
          </SectionLink>
        </li>
        <li>
          <SectionLink to="/learn" pathname={pathname}>
            Learn
          </SectionLink>
        </li>
      </ul>
    </nav>
  );
}

/** A top link, marked current on its own page and every page under it. */
function SectionLink({ to, pathname, children }: { to: string; pathname: string; children: React.ReactNode }) {
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link to={to} aria-current={active ? "page" : undefined} className={cn(topLinkClasses, active && "text-brand")}>
      {children}
    </Link>
  );
}

function MenuGroup({ group }: { group: MenuColumn }) {
  const headingId = `menu-${slugOf(group.heading)}`;
  return (
    <section aria-labelledby={headingId}>
      <p id={headingId} className="menu-heading">
        {group.heading}
      </p>
      <ul className="space-y-0.5">
        {group.links.map((link) => (
          <li key={link.url}>
            <MenuEntry link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MenuEntry({ link }: { link: MenuLink }) {
  return (
    <Link to={link.url} className="menu-link">
      {link.name}
      {link.badge && <Badge variant={link.badge === "FEATURED" ? "featured" : "best-value"}>{link.badge}</Badge>}
    </Link>
  );
}

function slugOf(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
