import type { ImportSummary } from '@app/analytics';
import { Field, Status } from '../components';
import { EARNINGS } from './earnings-state';

/** How the time a report was made is known, in words. */
const MADE_AT_FROM: Record<string, string> = {
  stated: 'as you said',
  file_name: "from the file's name",
  upload: 'taken as the upload time: the file name gives no time',
  pull: 'the pull',
};
const KEPT_WORDS: Record<string, string> = {
  older_report: 'set by a newer report',
  final_status: 'final status (cancelled, or completed going back)',
};

/** What an import did or would do: counts, the reasons of skipped rows, and (preview) the Apply button. */
export function ImportResult({ summary }: { summary: ImportSummary }) {
  const reasons = Object.entries(summary.skipped_by_reason);
  const changes = Object.entries(summary.status_changes);
  return (
    <div id="import-result" class="result" role="region" aria-labelledby="import-result-title">
      <h3 id="import-result-title">
        {summary.applied ? 'Imported' : `Preview: ${summary.marketplace} report, ${summary.currencies.join(', ')}`}
      </h3>
      <dl class="facts" id="import-counts">
        <dt>Rows read</dt>
        <dd>{String(summary.rows_read)}</dd>
        <dt>New lines</dt>
        <dd>{String(summary.new)}</dd>
        <dt>Updated</dt>
        <dd>{String(summary.updated)}</dd>
        <dt>Unchanged</dt>
        <dd>{String(summary.unchanged)}</dd>
        <dt>Skipped</dt>
        <dd>{String(summary.skipped)}</dd>
        <dt>Attributed to your links</dt>
        <dd>{String(summary.attributed_to_links)}</dd>
        <dt>Unattributed</dt>
        <dd>{String(summary.unattributed)}</dd>
        <dt>Kept (a newer report or a final status)</dt>
        <dd>{String(summary.kept)}</dd>
      </dl>
      <p class="hint" id="import-report-time">
        {`Report made ${summary.report.made_at.slice(0, 16).replace('T', ' ')} UTC (${MADE_AT_FROM[summary.report.made_at_from]})` +
          (summary.report.affiliate_id ? `, account ${summary.report.affiliate_id}` : '') +
          '.'}
      </p>
      {summary.ambiguous_account > 0 ? (
        <p class="hint">
          {`${summary.ambiguous_account} lines have links of several affiliate accounts for their sub ids: name the report's account to credit them.`}
        </p>
      ) : null}
      {summary.kept > 0 ? (
        <p class="hint">
          {`Kept as stored: ${Object.entries(summary.kept_by_reason)
            .map(([reason, n]) => `${KEPT_WORDS[reason] ?? reason} ${n}`)
            .join(', ')}.`}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <p class="hint">{`Skipped: ${reasons.map(([reason, n]) => `${reason.replace(/_/g, ' ')} ${n}`).join(', ')}.`}</p>
      ) : null}
      {changes.length > 0 ? (
        <p class="hint">{`Status changes: ${changes.map(([change, n]) => `${change} ${n}`).join(', ')}.`}</p>
      ) : null}
      {summary.problems.length > 0 ? (
        <details>
          <summary>{`Rows skipped (${summary.problems.length === summary.skipped ? 'all' : `first ${summary.problems.length}`})`}</summary>
          <ul class="problems">
            {summary.problems.map((problem) => (
              <li key={problem.row}>{`Row ${problem.row}: ${problem.message}`}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {summary.applied ? (
        // The page again, with its range and filters (the current address).
        <a class="button secondary small" href="" id="import-show">
          Show the figures
        </a>
      ) : (
        <button
          type="button"
          id="import-apply"
          hx-post={`${EARNINGS}/import?apply=true`}
          hx-ext="ignore:json-enc, raw-file"
          data-file="import-file"
          data-account="import-account"
          hx-target="#import-result"
          hx-swap="outerHTML"
          hx-disabled-elt="this"
        >
          {`Apply: ${summary.new} new, ${summary.updated} updated`}
        </button>
      )}
    </div>
  );
}

export function ImportCard() {
  return (
    <section class="card" aria-labelledby="import-title" id="import-card">
      <h2 id="import-title">Import a commission report</h2>
      <p class="hint">
        Shopee's commission report (<code>AffiliateCommissionReport….csv</code>, any portal language) or Lazada's
        conversion report, as downloaded. You see what it would change before anything is written; importing the same
        file again changes nothing.
      </p>
      <form
        id="import"
        class="stack"
        hx-post={`${EARNINGS}/import`}
        hx-ext="ignore:json-enc, raw-file"
        data-file="import-file"
        data-account="import-account"
        hx-target="#import-result"
        hx-swap="outerHTML"
        hx-disabled-elt="find button"
      >
        <Field id="import-file" label="Report file (.csv)">
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
        </Field>
        <Field id="import-account" label="Affiliate account of the report (optional)">
          <input id="import-account" name="affiliate_id" type="text" maxLength={64} pattern="[A-Za-z0-9_\-]{1,64}" />
        </Field>
        <Status id="import" />
        <button type="submit">Preview</button>
      </form>
      <div id="import-result"></div>
    </section>
  );
}
