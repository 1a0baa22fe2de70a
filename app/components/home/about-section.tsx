import { HandCoins, Hammer, MessagesSquare, Users } from "~/components/ui/icons";
import { SITE_NAME } from "~/lib/site/site-navigation";

/** What the reviews rest on: the site's methodology in three words each. */
const sources = [
  { icon: Hammer, text: "Hands-on testing" },
  { icon: MessagesSquare, text: "Expert interviews" },
  { icon: Users, text: "Owner feedback" },
];

/** The About section, anchor #about, with the affiliate disclosure. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-us" className="home-section">
      <div className="grid gap-10 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
        <div>
          <p className="eyebrow">About us</p>
          <h2 id="about-us" className="section-title">
            About {SITE_NAME}
          </h2>
          <div className="mt-5 space-y-4 text-base leading-relaxed text-ink-muted md:text-lg">
            <p>
              We review outdoor saunas for people buying one for their home: barrels, traditional Finnish cabins, infrared units and modern
              designs. Our reviews rest on hands-on testing, expert interviews and owner feedback, and each one covers build quality, heat
              efficiency, ease of installation, warranty and value.
            </p>
            <p>
              We would rather tell you a sauna is wrong for your space than sell you the wrong one. When a product has flaws, the review
              says so.
            </p>
          </div>
          <ul className="about-sources">
            {sources.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon aria-hidden className="size-4 text-forest" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <aside aria-labelledby="affiliate-disclosure" className="self-start rounded-card border border-line bg-sand p-6 md:p-8">
          <div className="flex items-center gap-3">
            <span className="icon-disc">
              <HandCoins aria-hidden className="size-5" />
            </span>
            <h3 id="affiliate-disclosure" className="text-xl font-semibold tracking-tight">
              Affiliate disclosure
            </h3>
          </div>
          <p className="mt-4 leading-relaxed text-ink">
            {SITE_NAME} is reader-supported. When you buy through a purchase link on our site, we may earn a commission, at no extra cost to
            you.
          </p>
          <p className="mt-3 text-sm leading-relaxed text-ink-muted">
            Commissions never decide which saunas we recommend or how we rate them. Products marked 'Sample' are demonstration entries:
            their ratings and review counts are not real.
          </p>
        </aside>
      </div>
    </section>
  );
}
