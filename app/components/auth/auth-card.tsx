import type { SpriteIconComponent } from "~/components/ui/icons";

/** The centred card the account pages share: an icon, a title, a line of context, then the form. */
export function AuthCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: SpriteIconComponent;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-10 md:py-16">
        <section
          className="w-full max-w-md rounded-card border border-line bg-surface p-6 shadow-card md:p-8"
          aria-labelledby="auth-card-title"
        >
          <div className="mb-6 text-center">
            <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Icon aria-hidden className="size-6" />
            </span>
            <h1 id="auth-card-title" className="text-2xl font-semibold md:text-3xl">
              {title}
            </h1>
            {description && <p className="mt-2 text-sm text-ink-muted">{description}</p>}
          </div>
          {children}
        </section>
      </div>
    </main>
  );
}
