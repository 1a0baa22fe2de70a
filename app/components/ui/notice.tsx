import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import { cn } from "~/components/ui/cn";

/**
 * The coloured notices of the admin and account pages: green for what was done, blue for what
 * will be overwritten, yellow for warnings, red for errors. Colour is never the only signal:
 * each tone has its icon and a title.
 */
const tones = {
  green: { box: "border-forest/30 bg-forest-soft text-ink", icon: CheckCircle2, iconClass: "text-forest" },
  blue: { box: "border-sky-300 bg-sky-50 text-ink", icon: Info, iconClass: "text-sky-700" },
  yellow: { box: "border-amber-300 bg-amber-50 text-ink", icon: AlertTriangle, iconClass: "text-amber-700" },
  red: { box: "border-red-300 bg-red-50 text-ink", icon: XCircle, iconClass: "text-red-700" },
} as const;

export type NoticeTone = keyof typeof tones;

export function Notice({
  tone,
  title,
  children,
  className,
  role,
}: {
  tone: NoticeTone;
  title?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  role?: "status" | "alert";
}) {
  const { box, icon: Icon, iconClass } = tones[tone];
  return (
    <div role={role} className={cn("flex gap-3 rounded-card border px-4 py-3 text-sm", box, className)}>
      <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", iconClass)} />
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="text-ink-muted [&_strong]:text-ink">{children}</div>}
      </div>
    </div>
  );
}
