import { ArrowRight, CheckCircle2 } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";

/** The site's methodology: the 'How We Test' list. */
const howWeTest = [
  "We measure heat-up time and temperature stability.",
  "We monitor energy use during typical sessions.",
  "Several testers of different body types assess comfort.",
  "We document and time the installation.",
];

const guides = [
  { href: "/learn/infrared-vs-traditional", title: "Infrared vs traditional saunas" },
  { href: "/learn/best-barrel-saunas", title: "How to choose a barrel sauna" },
  { href: "/learn/health-benefits-of-sauna", title: "Sauna health benefits, honestly" },
  { href: "/learn/sauna-maintenance", title: "Looking after an outdoor sauna" },
];

/** The reviews index's closing section: how we test, and guides for the undecided. */
export function HowWeTest() {
  return (
    <section aria-labelledby="how-we-test" className="border-t border-line bg-surface">
      <div className="page-container grid gap-10 py-14 md:py-20 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
        <div>
          <h2 id="how-we-test" className="text-[1.75rem] font-semibold leading-tight tracking-tight md:text-3xl">
            How We Test
          </h2>
          <p className="mt-3 max-w-2xl text-ink-muted md:text-lg">
            Our reviews rest on hands-on testing, expert interviews and owner feedback. Each sauna is judged on build quality, heat
            efficiency, ease of installation, warranty and value.
          </p>
          <ul className="mt-6 space-y-3">
            {howWeTest.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-forest" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-ink-muted">
            We may earn a commission when you buy through links on this site, at no extra cost to you.
          </p>
        </div>
        <div className="self-start rounded-card border border-line bg-canvas p-6">
          <h2 className="font-sans text-sm font-bold uppercase tracking-wider text-ink-muted">Still deciding?</h2>
          <ul className="mt-4 divide-y divide-line">
            {guides.map((guide) => (
              <li key={guide.href}>
                <Link to={guide.href} className="flex items-center justify-between gap-4 py-3 font-semibold hover:text-brand-strong">
                  {guide.title}
                  <ArrowRight aria-hidden className="size-4 shrink-0 text-brand" />
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/learn" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand hover:text-brand-strong">
            Visit the Knowledge Center
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
