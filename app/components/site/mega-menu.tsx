import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { Link, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { bestSaunasMenu, type MenuLink } from "~/lib/site-navigation";

const topLinkClasses =
  "inline-flex h-10 items-center gap-1 rounded-full px-4 text-[0.95rem] font-medium text-ink transition-colors hover:bg-sand data-[state=open]:bg-sand";

/**
 * The desktop navigation: the 'Best Saunas' mega menu, then Reviews and Learn. Radix gives
 * keyboard use (Enter/Space opens, Tab moves through links, Escape closes and returns focus).
 * The panel is always in the HTML (forceMount) so its links exist for crawlers and no-JS readers.
 */
export function MegaMenu() {
  const { pathname } = useLocation();
  return (
    <NavigationMenu.Root aria-label="Main" className="hidden md:block">
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item value="best-saunas">
          <NavigationMenu.Trigger className={cn(topLinkClasses, "group")}>
            Best Saunas
            <ChevronDown aria-hidden className="size-4 transition-transform group-data-[state=open]:rotate-180" />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content
            forceMount
            className={cn(
              "absolute right-4 top-full z-50 mt-1 w-[min(700px,90vw)] rounded-card border border-line bg-surface p-6 shadow-raised md:right-8",
              "data-[state=closed]:hidden",
            )}
          >
            <div className="grid grid-cols-3 gap-6">
              {bestSaunasMenu.map((column, index) => (
                <div key={index} className="space-y-5">
                  {column.map((group) => (
                    <section key={group.heading} aria-labelledby={`menu-${slugOf(group.heading)}`}>
                      <p
                        id={`menu-${slugOf(group.heading)}`}
                        className="mb-2 font-sans text-xs font-bold uppercase tracking-wider text-ink-muted"
                      >
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
                  ))}
                </div>
              ))}
            </div>
            <div className="mt-5 border-t border-line pt-4 text-sm">
              <NavigationMenu.Link asChild>
                <Link to="/reviews" className="font-semibold text-brand hover:text-brand-strong">
                  See every review →
                </Link>
              </NavigationMenu.Link>
            </div>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          {/* Radix's Slot merges className as a string, so NavLink's className function cannot be used here. */}
          <NavigationMenu.Link asChild active={isCurrentSection(pathname, "/reviews")}>
            <Link to="/reviews" className={cn(topLinkClasses, "data-[active]:text-brand")}>
              Reviews
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          {/* Radix's Slot merges className as a string, so NavLink's className function cannot be used here. */}
          <NavigationMenu.Link asChild active={isCurrentSection(pathname, "/learn")}>
            <Link to="/learn" className={cn(topLinkClasses, "data-[active]:text-brand")}>
              Learn
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

function MenuEntry({ link }: { link: MenuLink }) {
  return (
    <NavigationMenu.Link asChild>
      <Link
        to={link.url}
        className="-mx-2 flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-[0.93rem] text-ink hover:bg-sand hover:text-brand-strong"
      >
        <span>{link.name}</span>
        {link.badge && <Badge variant={link.badge === "FEATURED" ? "featured" : "best-value"}>{link.badge}</Badge>}
      </Link>
    </NavigationMenu.Link>
  );
}

/** The section a top link stands for is current on its own page and every page under it. */
function isCurrentSection(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function slugOf(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
