/**
 * The title row of an admin page: heading, a line of context, and the page's main actions,
 * beside the title when they are few, or as a toolbar under it (`toolbar`).
 */
export function AdminPageHeader({
  title,
  description,
  toolbar,
  children,
}: {
  title: string;
  description?: string;
  toolbar?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <header className={toolbar ? "mb-6 flex flex-col gap-4" : "mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between"}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
        {description && <p className="mt-1.5 max-w-2xl text-sm text-ink-muted md:text-base">{description}</p>}
      </div>
      {/* One full-width button per row on a phone; a row of buttons from 640 px. */}
      {children && <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap [&>*]:w-full sm:[&>*]:w-auto">{children}</div>}
    </header>
  );
}
