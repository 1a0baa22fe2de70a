import { ChevronRight } from "~/components/ui/icons";
import type { TestResultsView, TestResultView } from "~/lib/measurements/test-results-view";

/**
 * The product page's "Test results": each measured value with its method (in a <details>, no
 * script), the day measured, and a bar drawn on the server placing it between the worst and best
 * of its collection measured the same way. The bar is a picture of the sentence beside it, which
 * says the same in words for every reader. Values under an older method are listed, not compared.
 */
export function TestResults({ results }: { results: TestResultsView | null | undefined }) {
  if (!results) return null;
  return (
    <section aria-labelledby="test-results-heading" data-testid="test-results">
      <h2 id="test-results-heading" className="text-2xl font-semibold">
        Test results
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        What we measured, and where it puts this sauna among the {results.peers} we measured the same way.
      </p>
      {results.scores.length > 0 && (
        <dl className="mt-4 flex flex-wrap gap-3" data-testid="measured-scores">
          {results.scores.map((score) => (
            <div key={score.label} className="min-w-[8.5rem] rounded-card border border-line bg-surface px-3.5 py-2.5 shadow-card">
              <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{score.label}</dt>
              <dd className="mt-0.5 text-lg font-semibold">
                {score.score === null ? (
                  <span className="text-sm font-medium text-ink-muted">Not enough data</span>
                ) : (
                  <>
                    {score.score}
                    <span className="text-sm font-medium text-ink-muted"> / 10</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {results.scores.length > 0 && (
        <p className="mt-2 text-xs text-ink-muted">Scores from the measurements alone, each weighed by what matters for that use.</p>
      )}
      <ul className="mt-5 max-w-[40rem] divide-y divide-line rounded-card border border-line bg-surface shadow-card">
        {results.results.map((result) => (
          <TestResult key={result.slug} result={result} />
        ))}
      </ul>
    </section>
  );
}

function TestResult({ result }: { result: TestResultView }) {
  const { standing } = result;
  return (
    <li className="p-4" data-testid="test-result">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 break-words font-semibold">{result.name}</h3>
        <p className="text-lg font-semibold tabular-nums">{result.value}</p>
      </div>
      {standing ? (
        <div className="mt-2">
          <p className="text-sm font-medium text-forest">{standing.text}</p>
          <p className="sr-only">{standing.summary}</p>
          {/* The bar repeats the sentence above and the range below: hidden from screen readers, which read those. */}
          <svg
            viewBox="0 0 100 10"
            preserveAspectRatio="none"
            aria-hidden="true"
            className="mt-1.5 block h-2.5 w-full"
            data-testid="test-result-bar"
          >
            <rect x="0" y="2" width="100" height="6" rx="3" className="fill-sand" />
            <rect x="0" y="2" width={Math.max(2, standing.percent)} height="6" rx="3" className="fill-brand/40" />
            <rect x={Math.min(98, Math.max(0, standing.percent - 1))} y="0" width="2" height="10" className="fill-brand" />
          </svg>
          <p className="mt-1 flex justify-between gap-3 text-xs text-ink-muted" aria-hidden="true">
            <span>{standing.worse}</span>
            <span>{standing.better}</span>
          </p>
        </div>
      ) : (
        result.olderMethod && (
          <p className="mt-2 text-sm text-ink-muted" data-testid="older-method">
            Older method (version {result.olderMethod.taken}, now {result.olderMethod.now}), not compared.
          </p>
        )
      )}
      <p className="mt-2 text-sm text-ink-muted">
        {result.measuredOn ? (
          <>
            Measured <time dateTime={result.measuredOn}>{result.measuredOnText}</time>
          </>
        ) : (
          "Date measured not recorded"
        )}
        , method version {result.methodVersion}.
      </p>
      <details className="group mt-2">
        <summary className="flex cursor-pointer list-none items-center gap-1.5 text-sm font-semibold text-brand-strong [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
          How we measure this
        </summary>
        <p className="mt-2 whitespace-pre-line text-sm text-ink/90">{result.method}</p>
        <p className="mt-1 text-xs text-ink-muted">Method version {result.methodVersion}.</p>
      </details>
    </li>
  );
}
