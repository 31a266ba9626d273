import type { ImportSummary } from '@app/analytics';
import { Facts, Field, Status } from '../components';
import { InputField, replaces } from '../forms';
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

/** The counts of an import, in the order shown. */
const COUNTS: Array<[string, keyof ImportSummary]> = [
  ['Rows read', 'rows_read'],
  ['New lines', 'new'],
  ['Updated', 'updated'],
  ['Unchanged', 'unchanged'],
  ['Skipped', 'skipped'],
  ['Attributed to your links', 'attributed_to_links'],
  ['Unattributed', 'unattributed'],
  ['Kept (a newer report or a final status)', 'kept'],
];

/** The report goes raw (the raw-file extension) with the account typed beside it; the answer is #import-result. */
function uploads(url: string): Record<string, string> {
  return {
    'hx-post': url,
    'hx-ext': 'ignore:json-enc, raw-file',
    'data-file': 'import-file',
    'data-account': 'import-account',
    ...replaces('#import-result'),
  };
}

/** What an import did or would do: counts, the reasons of skipped rows, and (preview) the Apply button. */
export function ImportResult({ summary }: { summary: ImportSummary }) {
  const reasons = Object.entries(summary.skipped_by_reason);
  const changes = Object.entries(summary.status_changes);
  return (
    <div id="import-result" class="result" role="region" aria-labelledby="import-result-title">
      <h3 id="import-result-title">
        {summary.applied ? 'Imported' : `Preview: ${summary.marketplace} report, ${summary.currencies.join(', ')}`}
      </h3>
      <Facts id="import-counts" facts={COUNTS.map(([term, key]) => ({ term, value: String(summary[key]) }))} />
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
        <button type="button" id="import-apply" {...uploads(`${EARNINGS}/import?apply=true`)} hx-disabled-elt="this">
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
      <form id="import" class="stack" {...uploads(`${EARNINGS}/import`)} hx-disabled-elt="find button">
        <Field id="import-file" label="Report file (.csv)">
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
        </Field>
        <InputField
          id="import-account"
          label="Affiliate account of the report (optional)"
          name="affiliate_id"
          maxLength={64}
          pattern="[A-Za-z0-9_\-]{1,64}"
        />
        <Status id="import" />
        <button type="submit">Preview</button>
      </form>
      <div id="import-result"></div>
    </section>
  );
}
