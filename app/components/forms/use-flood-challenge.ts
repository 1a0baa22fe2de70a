import { useEffect, useState, type RefObject } from "react";
import type { FloodChallenge } from "~/lib/forms/flood-challenge";

/**
 * When a form's answer is a flood challenge, fetches the solver (a chunk of its own, loaded only
 * then), which solves it and sends the form again. Returns the words to show if it could not.
 */
export function useFloodChallenge(formRef: RefObject<HTMLFormElement | null>, challenge: FloodChallenge | undefined): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!challenge || !form) return;
    let live = true;
    setProblem(null);
    import("./flood-challenge-solver")
      .then((solver) => solver.solveAndResubmit(form, challenge))
      .then(
        (words) => live && setProblem(words),
        // The solver could not be fetched (offline, or a page older than the last deploy).
        () => live && setProblem("Please try again in a few minutes."),
      );
    return () => {
      live = false;
    };
  }, [formRef, challenge]);
  return problem;
}
