import { Flame, HeartPulse, Ruler, Thermometer, Trees, Users, Zap, ListChecks, Droplets, Tent, Sun, Wind } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { SectionHeading } from "./section-heading";

/**
 * The Education section, anchor #education: Health Benefits, Sauna Types with their usual
 * temperatures, and a Buying Guide. Plain, checkable statements only; the details and
 * the arithmetic live in the Knowledge Center articles linked from each part.
 */

const healthBenefits = [
  {
    title: "Relaxation and stress relief",
    text: "Heat, quiet and a break from screens: many people find a session one of the easiest ways to wind down.",
  },
  {
    title: "Easier muscle recovery",
    text: "Warmth can ease stiffness and make sore muscles feel looser after exercise.",
  },
  {
    title: "Better sleep for many",
    text: "Plenty of regular bathers say they fall asleep more easily on sauna evenings.",
  },
  {
    title: "Heart health research",
    text: "Long-term observational studies in Finland have linked frequent sauna bathing with better cardiovascular outcomes. They show an association, not proof.",
  },
];

const saunaTypes = [
  {
    icon: Flame,
    name: "Traditional Finnish",
    temperature: "170-190°F",
    humidity: "Low humidity",
    text: "A wood or electric heater warms a load of stones, which heat the air. Ladle water on the stones for a burst of steam (löyly).",
  },
  {
    icon: Sun,
    name: "Infrared",
    temperature: "120-140°F",
    humidity: "Dry air",
    text: "Infrared panels warm your body directly while the air stays cooler. Gentler heat, quick to start and usually cheaper to run.",
  },
  {
    icon: Droplets,
    name: "Steam Room",
    temperature: "110-120°F",
    humidity: "High humidity",
    text: "A steam generator keeps the air close to saturated. Built from tile or acrylic rather than wood; a different experience from a sauna.",
  },
  {
    icon: Tent,
    name: "Portable",
    temperature: "Varies by model",
    humidity: "Tent or pop-up",
    text: "Tent saunas with a small wood stove, or compact pop-up units. Easy to move and store, with less insulation than a cabin.",
  },
];

const buyingGuide = [
  {
    icon: Ruler,
    title: "Space",
    text: "Measure the footprint plus clearances, and plan a level, well-drained base. Check delivery access for large or pre-assembled units.",
  },
  {
    icon: Users,
    title: "Number of users",
    text: "Count bench length, not the brochure's headline number. If you often host, size up: a crowded sauna is a short session.",
  },
  {
    icon: Thermometer,
    title: "Heating type",
    text: "Wood needs a chimney and safe clearances but no heater circuit. Electric heaters usually need a dedicated 240 V circuit. Small infrared cabins may run on 120 V.",
  },
  {
    icon: Trees,
    title: "Wood quality",
    text: "Look for cedar, thermally modified wood or clear spruce, with knot-free benches. Thicker walls and staves hold heat and last longer.",
  },
  {
    icon: Wind,
    title: "Energy efficiency",
    text: "Insulation, a tight door seal and a heater sized to the room matter most. Large glass walls look great but lose heat.",
  },
  {
    icon: Zap,
    title: "Running costs",
    text: "For electric heaters: heater kW × hours of use × your rate per kWh. Wood-fired saunas trade the power bill for firewood and chimney care.",
  },
];

export function EducationSection() {
  return (
    <section id="education" aria-labelledby="sauna-education" className="border-y border-line bg-surface">
      <div className="home-section">
        <SectionHeading
          id="sauna-education"
          eyebrow="Sauna 101"
          title="Learn Before You Buy"
          intro="What a sauna can do for you, how the main types differ, and what to check before you order."
        />

        <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.35fr] lg:gap-14">
          <div>
            <h3 className="edu-heading">
              <HeartPulse aria-hidden className="size-6 text-brand" />
              Health Benefits
            </h3>
            <ul className="edu-benefits">
              {healthBenefits.map((benefit) => (
                <li key={benefit.title} className="edu-point">
                  <p>{benefit.title}</p>
                  <p>{benefit.text}</p>
                </li>
              ))}
            </ul>
            <p className="mt-5 rounded-card bg-canvas px-4 py-3 text-sm leading-relaxed text-ink-muted">
              Drink water, start with short sessions and skip alcohol. If you are pregnant, have a heart condition or take regular
              medication, ask your doctor first. This is general information, not medical advice.
            </p>
            <EducationLink to="/learn/health-benefits-of-sauna">Sauna health benefits: what we know</EducationLink>
          </div>

          <div>
            <h3 className="edu-heading">
              <Thermometer aria-hidden className="size-6 text-brand" />
              Sauna Types
            </h3>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2">
              {saunaTypes.map(({ icon: Icon, ...type }) => (
                <li key={type.name} className="sauna-type">
                  <h4>
                    <Icon aria-hidden className="size-5 text-brand" />
                    {type.name}
                  </h4>
                  <p>
                    <span className="sauna-type-temperature">{type.temperature}</span>
                    <span className="sauna-type-humidity">{type.humidity}</span>
                  </p>
                  <p>{type.text}</p>
                </li>
              ))}
            </ul>
            <EducationLink to="/learn/infrared-vs-traditional">Infrared vs traditional saunas, compared</EducationLink>
          </div>
        </div>

        <div className="mt-14 rounded-card border border-line bg-canvas p-5 md:p-8">
          <h3 className="edu-heading">
            <ListChecks aria-hidden className="size-6 text-brand" />
            Buying Guide
          </h3>
          <p className="mt-2 max-w-2xl text-ink-muted">Six things to settle before you compare models.</p>
          <ol className="guide-list">
            {buyingGuide.map(({ icon: Icon, title, text }) => (
              <li key={title} className="edu-point">
                <span className="icon-disc">
                  <Icon aria-hidden className="size-5" />
                </span>
                <p>{title}</p>
                <p>{text}</p>
              </li>
            ))}
          </ol>
          <EducationLink to="/learn/best-barrel-saunas">Read the barrel sauna buying guide</EducationLink>
        </div>
      </div>
    </section>
  );
}

function EducationLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="arrow-link mt-5">
      {children}
    </Link>
  );
}
