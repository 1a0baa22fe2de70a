import { data, type RouterContextProvider } from "react-router";
import type { AppServices } from "~/server/load-context";
import { isSubject, isTodayRule, SNOOZE_DAYS, TODAY_RULE_LABELS, type TodayRule } from "~/lib/today/today-items";
import { recordAdminAction } from "../../audit/audit-log.server";
import { adminUser, type SignedInUser } from "../../auth/guard.server";
import { readFlash, redirectWithFlash } from "../../forms/flash.server";
import { dispatchIntent, type IntentArgs, type IntentTable } from "../../forms/intents.server";
import { digestRecipientOf, setDigestSubscribed } from "./digest-list.server";
import { markItemDone, snoozeItem } from "./marks.server";
import { forgetTodayCount, todayList } from "./today.server";

/** /admin/today's loader and intents (admins only): the list, snooze, done, and the weekly digest's switch. */

interface Args {
  request: Request;
  context: AppServices;
  /** The admin the admin layout's middleware let in. */
  user: SignedInUser;
}

export async function todayScreen({ request, context, user }: Args) {
  const [list, recipient] = await Promise.all([todayList(context.db, context.config.prices), digestRecipientOf(context.db, user)]);
  const { flash, headers } = await readFlash(request, context.config);
  return data({ ...list, digest: recipient.subscribed, flash }, { headers });
}

const refused = (description: string) =>
  data({ toast: { kind: "error" as const, title: "Nothing changed", description } }, { status: 400 });

function named(form: FormData): { rule: TodayRule; subject: string; title: string } | null {
  const rule = String(form.get("rule") ?? "");
  const subject = String(form.get("subject") ?? "");
  if (!isTodayRule(rule) || !isSubject(subject)) return null;
  return { rule, subject, title: String(form.get("title") ?? "").slice(0, 200) };
}

const back = (args: IntentArgs, title: string, description: string) =>
  redirectWithFlash(args.request, args.context.config, "/admin/today", { toast: { kind: "success", title, description } });

/** The intents of the admin the admin layout let in. */
const todayIntents = (user: SignedInUser) =>
  ({
    snooze: async (args) => {
      const item = named(args.form);
      if (!item) return refused("The item was not named. Reload the page and try again.");
      await snoozeItem(args.context.db, item.rule, item.subject, user.email);
      forgetTodayCount(args.context.db);
      await recordAdminAction(
        args,
        "today-snoozed",
        `${TODAY_RULE_LABELS[item.rule]}: ${item.title || item.subject} (${item.subject}), ${SNOOZE_DAYS} days`,
      );
      throw await back(args, "Snoozed", `"${item.title || item.subject}" comes back in ${SNOOZE_DAYS} days if it still needs you.`);
    },
    done: async (args) => {
      const item = named(args.form);
      if (!item) return refused("The item was not named. Reload the page and try again.");
      await markItemDone(args.context.db, item.rule, item.subject, user.email);
      forgetTodayCount(args.context.db);
      await recordAdminAction(args, "today-done", `${TODAY_RULE_LABELS[item.rule]}: ${item.title || item.subject} (${item.subject})`);
      throw await back(args, "Marked done", `"${item.title || item.subject}" is off the list; it comes back if it happens again.`);
    },
    digest: async (args) => {
      const on = args.form.get("on") === "1";
      await setDigestSubscribed(args.context.db, user, on);
      await recordAdminAction(args, "owner-digest-changed", on ? "Weekly digest turned on" : "Weekly digest turned off");
      throw await back(
        args,
        on ? "Weekly digest on" : "Weekly digest off",
        on ? "You will get this list by mail every week." : "You will get no weekly digest.",
      );
    },
  }) satisfies IntentTable;

export async function todayAction(args: { request: Request; context: Readonly<RouterContextProvider>; params: IntentArgs["params"] }) {
  return dispatchIntent(args, todayIntents(adminUser(args.context)));
}
