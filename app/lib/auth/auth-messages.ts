/**
 * The words of the sign-in page: its form and its toasts. One place, so the
 * server's answers and the tests say exactly the same thing.
 */

import type { ToastKind } from "../forms/result-toast";

export interface AuthToast {
  kind: ToastKind;
  title: string;
  description: string;
}

/** One answer for a wrong password and an unknown address: it must not tell them apart. */
export const INVALID_CREDENTIALS = "Invalid email or password";

export const AUTH_TOASTS = {
  missingFields: { kind: "error", title: "Missing fields", description: "Please enter both email and password" },
  authError: (message?: string): AuthToast => ({
    kind: "error",
    title: "Authentication error",
    description: message && message.trim() !== "" ? message : "Failed to authenticate",
  }),
  emailNotConfirmed: {
    kind: "error",
    title: "Email not confirmed",
    description: "Please check your inbox and confirm your email before signing in",
  },
  accountCreated: { kind: "success", title: "Account created", description: "Please check your email to confirm your account" },
  emailRequired: { kind: "error", title: "Email required", description: "Please enter your email address" },
  resendFailed: (message?: string): AuthToast => ({
    kind: "error",
    title: "Failed to resend email",
    description: message && message.trim() !== "" ? message : "Please try again later",
  }),
  emailSent: { kind: "success", title: "Email sent", description: "Confirmation email has been resent to your inbox" },
} as const satisfies Record<string, AuthToast | ((message?: string) => AuthToast)>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

export const AUTH_PAGE_TEXT = {
  title: "Admin",
  protectedNotice: "Protected area - Authorized personnel only",
  signInTab: "Sign In",
  signUpTab: "Sign Up",
} as const;
