import { ShieldX } from "lucide-react";
import { Form, Link } from "~/components/ui/link";

/** What a signed-in user without the admin role sees on /admin; the admin layout's middleware refuses every loader and action on the server as well. */
export function ForbiddenPanel({ email }: { email: string }) {
  return (
    <section className="page-container flex flex-col items-center py-20 text-center md:py-28">
      <ShieldX aria-hidden className="size-14 text-red-700" />
      <p className="mt-4 font-serif text-5xl font-semibold text-ink">403</p>
      <h1 className="mt-2 text-2xl font-semibold">You do not have access to the admin area</h1>
      <p className="mt-3 max-w-lg text-ink-muted">
        You are signed in as <strong className="text-ink">{email}</strong>, which is not an administrator. An administrator can promote this
        account with <code className="rounded bg-sand px-1.5 py-0.5 text-sm">npm run create-admin</code>.
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Form method="post" action="/auth">
          <input type="hidden" name="intent" value="sign-out" />
          <button
            type="submit"
            className="inline-flex h-11 items-center rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-strong"
          >
            Sign out
          </button>
        </Form>
        <Link
          to="/"
          className="inline-flex h-11 items-center rounded-full border border-line bg-surface px-5 font-semibold text-ink hover:bg-sand"
        >
          Back to Site
        </Link>
      </div>
    </section>
  );
}
