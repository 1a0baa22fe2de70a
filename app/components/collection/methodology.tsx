import { Gauge, Ruler, Timer, Users } from "~/components/ui/icons";

const criteria = ["Build quality", "Heat efficiency", "Ease of installation", "Warranty", "Value"];

const howWeTest = [
  { icon: Timer, text: "We measure heat-up time and how stable the temperature stays through a session." },
  { icon: Gauge, text: "We monitor energy use from a cold start and over a typical week." },
  { icon: Users, text: "Several testers of different body types assess comfort: bench height, depth and headroom." },
  { icon: Ruler, text: "We document and time installation, from delivery to the first session." },
];

/** The methodology section every review page carries: how we test and rank. */
export function Methodology() {
  return (
    <section aria-labelledby="methodology-title" className="border-t border-line bg-surface">
      <div className="page-container grid gap-10 py-14 md:grid-cols-2 md:py-20 lg:gap-16">
        <div>
          <p className="text-xs font-bold uppercase tracking-wider text-brand">Our methodology</p>
          <h2 id="methodology-title" className="mt-2 text-3xl font-semibold tracking-tight md:text-4xl">
            How we review saunas
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">
            Our reviews rest on hands-on testing, interviews with experts such as builders and installers, and feedback from owners who have
            used their saunas through several seasons.
          </p>
          <p className="mt-4 leading-relaxed text-ink-muted">
            Every sauna is evaluated on the same five points, and the ranking on this page follows those scores:
          </p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="What we evaluate">
            {criteria.map((item) => (
              <li key={item} className="rounded-full border border-line bg-canvas px-3 py-1 text-sm font-medium text-ink">
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-card bg-sand p-6 md:p-8">
          <h3 className="text-2xl font-semibold">How We Test</h3>
          <ul className="mt-5 space-y-4">
            {howWeTest.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface text-brand shadow-sm">
                  <Icon aria-hidden className="size-[1.1rem]" />
                </span>
                <span className="pt-1.5 leading-relaxed">{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
