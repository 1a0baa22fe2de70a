import {
  Activity,
  FlaskConical,
  ArrowLeft,
  CalendarCheck,
  Coins,
  FileText,
  FolderKanban,
  Gauge,
  History,
  LayoutDashboard,
  Link2,
  LogOut,
  Mail,
  MousePointerClick,
  NotebookPen,
  Package,
  PenLine,
  Rss,
  Send,
  Store,
  Tags,
  Users,
} from "lucide-react";
import { Form, NavLink } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { mayOpenAdminPath } from "~/lib/auth/admin-access";

/**
 * The admin navigation: 'Admin Panel' with Today (with its count of open items), Dashboard, Products, Reviews, Measurements, Collections, Merchants, Offers, Feeds, Articles, Authors, Clicks, Revenue,
 * A/B tests, Link health, Users, Subscribers, Mail, Runs, Audit log and Back to Site (those the account's role may open), the current page highlighted.
 * A column beside the page from 768 px; above it on a phone, as rows of links (all of them always in view).
 */
const links = [
  { to: "/admin/today", label: "Today", icon: CalendarCheck, end: false },
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/products", label: "Products", icon: Package, end: false },
  { to: "/admin/reviews", label: "Reviews", icon: NotebookPen, end: false },
  { to: "/admin/measurements", label: "Measurements", icon: Gauge, end: false },
  { to: "/admin/collections", label: "Collections", icon: FolderKanban, end: false },
  { to: "/admin/merchants", label: "Merchants", icon: Store, end: false },
  { to: "/admin/offers", label: "Offers", icon: Tags, end: false },
  { to: "/admin/feeds", label: "Feeds", icon: Rss, end: false },
  { to: "/admin/articles", label: "Articles", icon: FileText, end: false },
  { to: "/admin/authors", label: "Authors", icon: PenLine, end: false },
  { to: "/admin/clicks", label: "Clicks", icon: MousePointerClick, end: false },
  { to: "/admin/revenue", label: "Revenue", icon: Coins, end: false },
  { to: "/admin/ab-tests", label: "A/B tests", icon: FlaskConical, end: false },
  { to: "/admin/links", label: "Link health", icon: Link2, end: false },
  { to: "/admin/users", label: "Users", icon: Users, end: false },
  { to: "/admin/subscribers", label: "Subscribers", icon: Mail, end: false },
  { to: "/admin/mail", label: "Mail", icon: Send, end: false },
  { to: "/admin/runs", label: "Runs", icon: Activity, end: false },
  { to: "/admin/audit", label: "Audit log", icon: History, end: false },
];

/** Each account sees the links its role opens (app/lib/auth/admin-access.ts); the server checks every request anyway. */
export function AdminSidebar({ email, role, today = null }: { email: string; role: string | null; today?: number | null }) {
  const linkClasses = ({ isActive }: { isActive: boolean }) =>
    cn(
      "flex h-10 shrink-0 items-center gap-2.5 rounded-lg px-3 text-sm font-medium transition-colors",
      isActive ? "bg-brand text-white shadow-sm" : "text-ink hover:bg-sand",
    );
  return (
    <aside className="border-b border-line bg-surface md:min-h-full md:border-b-0 md:border-r">
      <div className="md:sticky md:top-16 md:p-4">
        <p className="hidden px-3 pb-3 pt-2 font-serif text-lg font-semibold md:block">Admin Panel</p>
        <nav aria-label="Admin Panel" className="px-3 py-2 md:p-0">
          <p className="sr-only md:hidden">Admin Panel</p>
          <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
            {links
              .filter(({ to }) => mayOpenAdminPath(role, to))
              .map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink to={to} end={end} className={linkClasses}>
                    <Icon aria-hidden className="size-4" />
                    {label}
                    {to === "/admin/today" && today !== null && today > 0 && (
                      <span
                        className="ml-auto rounded-full bg-red-700 px-1.5 text-xs font-semibold tabular-nums text-white"
                        data-testid="today-count"
                      >
                        {today > 99 ? "99+" : today}
                        <span className="sr-only"> open</span>
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            <li className="md:mt-2 md:border-t md:border-line md:pt-2">
              <NavLink to="/" className={linkClasses({ isActive: false })}>
                <ArrowLeft aria-hidden className="size-4" />
                Back to Site
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-3 border-t border-line px-4 py-2 text-xs text-ink-muted md:mt-6 md:block md:border-t-0 md:px-3 md:py-0">
          <p className="min-w-0 truncate md:whitespace-normal" title={email}>
            Signed in as <span className="font-medium text-ink md:block md:break-all">{email}</span>
          </p>
          <Form method="post" action="/auth" className="md:mt-2">
            <input type="hidden" name="intent" value="sign-out" />
            <button
              type="submit"
              className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 font-medium text-ink hover:bg-sand md:-ml-2"
            >
              <LogOut aria-hidden className="size-4" />
              Sign out
            </button>
          </Form>
        </div>
      </div>
    </aside>
  );
}
