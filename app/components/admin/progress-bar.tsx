import { cn } from "~/components/ui/cn";

/** A labelled progress bar; without a fraction it is indeterminate (the server is working). */
export function ProgressBar({ label, fraction, className }: { label: string; fraction?: number; className?: string }) {
  const percent = fraction === undefined ? undefined : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-ink">{label}</span>
        {percent !== undefined && <span className="tabular-nums text-ink-muted">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-sand-strong"
      >
        <div
          className={cn("h-full rounded-full bg-brand transition-[width] duration-150", percent === undefined && "w-1/3 animate-pulse")}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
