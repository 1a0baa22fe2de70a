import { Menu, X } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { mobileMenuLinks } from "~/lib/site/site-navigation";

/**
 * Under 768 px: a button that toggles the three main links. Built on <details> so it opens
 * even before (or without) JavaScript; once hydrated, choosing an item, Escape, a navigation or
 * focus moving elsewhere closes it.
 *
 * The <summary> carries no aria-expanded: the browser reports the disclosure's state from the
 * <details> itself, true before hydration too, and ARIA attributes of a button are not allowed
 * on a summary.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // A tap opens the <details> at once, but its `toggle` event (and so `open` above) follows a task
  // later: on a slow phone an Escape or a link chosen in between would find the state still
  // closed and leave the menu open. The element is the truth; closing closes it as well.
  const isOpen = () => Boolean(details.current?.open);
  const close = () => {
    if (details.current) details.current.open = false;
    setOpen(false);
  };

  // A navigation closes the menu. On the first run, though, the menu is as the reader left it: a
  // tap before the page hydrated opened the <details> natively, and React does not read it back.
  const pathnameSeen = useRef<string | null>(null);
  useEffect(() => {
    const hydrating = pathnameSeen.current === null;
    pathnameSeen.current = location.pathname;
    if (hydrating) setOpen(isOpen());
    else close();
  }, [location.pathname]);

  return (
    // Escape closes the menu from any link inside it; <details> with its <summary> is the control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={details}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && isOpen()) {
          close();
          details.current?.querySelector("summary")?.focus();
        }
      }}
      // An open menu covers the page: once focus is elsewhere, the reader has left it.
      onBlur={(event) => {
        if (isOpen() && !event.currentTarget.contains(event.relatedTarget)) close();
      }}
      className="md:hidden"
    >
      <summary aria-label={open ? "Close menu" : "Open menu"} className="menu-button">
        {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
      </summary>
      <nav id="mobile-menu" aria-label="Main (menu)" className="mobile-menu">
        <ul>
          {mobileMenuLinks.map((link) => (
            <li key={link.name}>
              <Link to={link.url} onClick={close}>
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
