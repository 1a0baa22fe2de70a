import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { cn } from "~/components/ui/cn";
import { Lock } from "~/components/ui/icons";
import { AUTH_PAGE_TEXT } from "~/lib/auth/auth-messages";
import { AUTH_TABS, type AuthActionResult, type AuthTab } from "~/lib/auth/auth-page";
import type { Flash } from "~/lib/forms/flash";
import type { ResultToast } from "~/lib/forms/result-toast";
import { ConfirmationBanner } from "./confirmation-banner";
import { CREDENTIAL_FORMS, CredentialsForm } from "./credentials-form";

/**
 * The /auth screen: sign in or sign up in two tabs, the answer of the last submission as a toast,
 * and the confirmation banner while an address waits for its link.
 */
export function SignInPage({
  redirectTo,
  initialTab,
  initialEmail,
  flash,
  result,
}: {
  redirectTo: string;
  initialTab: AuthTab;
  initialEmail: string;
  /** What the form before this page did (choosing a new password). */
  flash: Flash | null;
  /** The last submission's answer; an unknown intent's carries only a toast. */
  result: (Partial<Omit<AuthActionResult, "toast">> & { toast?: ResultToast }) | undefined;
}) {
  useResultToast(result);
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const [tab, setTab] = useState<AuthTab>(result?.tab ?? initialTab);
  useEffect(() => {
    if (result?.tab) setTab(result.tab);
  }, [result]);
  const email = result?.email ?? initialEmail;

  return (
    <main id="main" className="flex-1 bg-sand/60">
      <div className="page-container flex justify-center py-10 md:py-16">
        <div className="w-full max-w-md">
          <div className="rounded-card border border-line bg-surface p-6 shadow-card md:p-8">
            <div className="mb-6 text-center">
              <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
                <Lock aria-hidden className="size-6" />
              </span>
              <h1 className="text-3xl font-semibold">{AUTH_PAGE_TEXT.title}</h1>
              <p className="mt-2 text-sm text-ink-muted">{AUTH_PAGE_TEXT.protectedNotice}</p>
            </div>

            {!result && <FlashNotice flash={flash} />}
            {result?.confirmationFor !== undefined && (
              <ConfirmationBanner
                email={result.confirmationFor}
                busy={busyIntent === "resend"}
                challenge={result.challenge?.intent === "resend" ? result.challenge.challenge : undefined}
              />
            )}

            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <Tabs.List aria-label="Sign in or sign up" className="mb-5 grid grid-cols-2 rounded-full bg-sand p-1">
                {AUTH_TABS.map((value) => (
                  <Tabs.Trigger
                    key={value}
                    value={value}
                    className={cn(
                      "h-10 rounded-full text-sm font-semibold text-ink-muted transition-colors",
                      "data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm",
                    )}
                  >
                    {CREDENTIAL_FORMS[value].tab}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>

              {AUTH_TABS.map((value) => (
                <Tabs.Content key={value} value={value}>
                  <CredentialsForm
                    intent={value}
                    email={email}
                    redirectTo={redirectTo}
                    busy={busyIntent === value}
                    challenge={result?.challenge?.intent === value ? result.challenge.challenge : undefined}
                  />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </div>
        </div>
      </div>
    </main>
  );
}
