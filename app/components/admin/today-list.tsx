import { ArrowRight, BellOff, Check, CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/revenue/earnings";
import { SNOOZE_DAYS, TODAY_RULE_LABELS, type TodayItem } from "~/lib/today/today-items";

/**
 * The Today list: one card per item, most money first. Each names what it is, why, and what it
 * stands to lose, links to the screen that fixes it, and can be snoozed for a week or marked done.
 * Cards stack and wrap, so the list fits a phone's 390 px.
 */
export function TodayList({ items, hidden, currency, digest }: { items: TodayItem[]; hidden: number; currency: string; digest: boolean }) {
  return (
    <>
      {items.length === 0 ? (
        <section className="flex items-start gap-3 rounded-card border border-line bg-surface p-5 shadow-card" data-testid="today-empty">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
          <div>
            <h2 className="font-semibold">Nothing needs you today</h2>
            <p className="mt-1 text-sm text-ink-muted">
              Picks can be bought, feeds run, links work, reviews are current and no mail failed.
            </p>
          </div>
        </section>
      ) : (
        <ol className="grid gap-3" aria-label="What needs you" data-testid="today-items">
          {items.map((item, index) => (
            <li
              key={`${item.rule} ${item.subject}`}
              className="rounded-card border border-line bg-surface p-4 shadow-card"
              data-testid="today-item"
              data-rule={item.rule}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">
                  <span className="sr-only">{index + 1}. </span>
                  {TODAY_RULE_LABELS[item.rule]}
                </p>
                {item.money !== null && (
                  <p className="text-sm font-semibold tabular-nums text-ink" data-testid="today-money">
                    {formatMoney(currency, item.money)} <span className="font-normal text-ink-muted">in 30 days</span>
                  </p>
                )}
              </div>
              <h2 className="mt-1 break-words font-semibold">{item.title}</h2>
              <p className="mt-1 break-words text-sm text-ink-muted">{item.detail}</p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Link
                  to={item.href}
                  className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-strong hover:underline"
                >
                  {item.fix}
                  <span className="sr-only">: {item.title}</span>
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
                <span className="flex-1" />
                <ItemForm
                  item={item}
                  intent="snooze"
                  label={`Snooze ${SNOOZE_DAYS} days`}
                  icon={<BellOff aria-hidden className="size-4" />}
                />
                <ItemForm item={item} intent="done" label="Done" icon={<Check aria-hidden className="size-4" />} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {hidden > 0 && (
        <p className="mt-4 text-sm text-ink-muted" data-testid="today-hidden">
          {hidden === 1 ? "1 item is" : `${hidden} items are`} snoozed or marked done; a snoozed one comes back after {SNOOZE_DAYS} days, a
          done one if it happens again.
        </p>
      )}
      <Form method="post" className="mt-6 flex flex-wrap items-center gap-3 text-sm" data-testid="digest-switch">
        <input type="hidden" name="intent" value="digest" />
        <input type="hidden" name="on" value={digest ? "0" : "1"} />
        <span className="text-ink-muted">
          {digest ? "This list is mailed to you every week." : "The weekly digest of this list is off for you."}
        </span>
        <Button type="submit" variant="secondary">
          {digest ? "Stop the weekly digest" : "Mail me this list weekly"}
        </Button>
      </Form>
    </>
  );
}

function ItemForm({ item, intent, label, icon }: { item: TodayItem; intent: "snooze" | "done"; label: string; icon: React.ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="rule" value={item.rule} />
      <input type="hidden" name="subject" value={item.subject} />
      <input type="hidden" name="title" value={item.title} />
      <Button type="submit" variant="ghost" className="gap-1.5">
        {icon}
        {label}
        <span className="sr-only">: {item.title}</span>
      </Button>
    </Form>
  );
}
