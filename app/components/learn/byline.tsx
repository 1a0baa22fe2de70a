import { Link } from "~/components/ui/link";

export interface BylinePerson {
  name: string;
  /** Their author page, when the site has one. */
  href: string | null;
}

/**
 * "Written by X · Tested by Y": who wrote a review or an article and who tried what it describes,
 * each linked to their author page, so a reader can check both. One person may be both.
 */
export function Byline({ writer, tester }: { writer: BylinePerson; tester: BylinePerson }) {
  return (
    <span data-testid="byline">
      Written by <Person person={writer} />
      <span aria-hidden> · </span>
      Tested by <Person person={tester} />
    </span>
  );
}

function Person({ person }: { person: BylinePerson }) {
  return person.href ? (
    <Link to={person.href} className="font-semibold text-ink underline decoration-line underline-offset-4 hover:text-brand">
      {person.name}
    </Link>
  ) : (
    <span className="font-semibold text-ink">{person.name}</span>
  );
}
