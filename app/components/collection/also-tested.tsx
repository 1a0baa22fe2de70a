import { Link } from "~/components/ui/link";
import type { AlsoTestedSauna } from "~/lib/collection/collection-page";

/** "Also tested": the saunas reviewed for this collection but not picked, a sentence each, at the page's end. */
export function AlsoTested({ saunas }: { saunas: AlsoTestedSauna[] }) {
  if (saunas.length === 0) return null;
  return (
    <section aria-labelledby="also-tested-title" className="mt-12 max-w-3xl md:mt-16" data-testid="also-tested">
      <h2 id="also-tested-title" className="text-2xl font-semibold tracking-tight">
        Also tested
      </h2>
      <ul className="mt-4 divide-y divide-line border-y border-line">
        {saunas.map((sauna) => (
          <li key={sauna.id} className="py-3 text-[0.95rem] leading-relaxed">
            <Link to={sauna.href} className="font-semibold text-brand underline-offset-2 hover:underline">
              {sauna.name}
            </Link>
            <span className="text-ink/90">: {sauna.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
