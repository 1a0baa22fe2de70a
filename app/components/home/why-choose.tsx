import { BadgeCheck, ClipboardList, GraduationCap, Scale } from "~/components/ui/icons";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { SectionHeading } from "./section-heading";

/** The 'Why Choose' block's four value points. */
const valuePoints = [
  {
    icon: ClipboardList,
    title: "In-Depth Reviews",
    text: "Each review covers build quality, heat-up, installation, warranty and value, not just the spec sheet.",
  },
  {
    icon: Scale,
    title: "Detailed Comparisons",
    text: "Side-by-side tables of type, rating, price and key features, so differences are easy to see.",
  },
  {
    icon: GraduationCap,
    title: "Expert Guidance",
    text: "Buying guides on space, heaters, wood and running costs, informed by expert interviews and owner feedback.",
  },
  {
    icon: BadgeCheck,
    title: "Unbiased Ratings",
    text: "Ratings come from our evaluation. Affiliate commissions never decide which sauna we recommend.",
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-choose" className="border-y border-line bg-surface">
      <div className="home-section">
        <SectionHeading
          id="why-choose"
          title={`Why Choose ${SITE_NAME}`}
          intro="An outdoor sauna is a big purchase that should last decades. We do the homework so you can buy with confidence."
          align="center"
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {valuePoints.map(({ icon: Icon, title, text }) => (
            <li key={title} className="value-point">
              <span>
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
