import { type ComponentChildren, Fragment, type JSX } from 'preact';

/** A date as `YYYY-MM-DD HH:MM UTC` (what the page shows before the browser puts it in the viewer's locale). */
export function utcText(value: Date | string, dateOnly = false): string {
  const iso = new Date(value).toISOString();
  return dateOnly ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A moment in time: the UTC text in the HTML, put in the viewer's locale and time zone by the `time[data-local]`
 * island; the UTC time stays on hover (`title`).
 */
export function LocalTime({
  value,
  dateOnly = false,
}: {
  value: Date | string | null | undefined;
  dateOnly?: boolean;
}) {
  if (value === null || value === undefined) return <span class="muted">never</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span class="muted">unknown</span>;
  return (
    <time datetime={date.toISOString()} title={utcText(date)} data-local={dateOnly ? 'date' : 'datetime'}>
      {utcText(date, dateOnly)}
    </time>
  );
}

export interface StatusMessage {
  kind: 'ok' | 'error' | 'info';
  text: string;
}

/**
 * The status line of a form or a page (`<id>-status`): where an htmx answer's message goes, success or error
 * (PageExceptionFilter retargets an error here). Errors are alerts, the rest polite.
 */
export function Status({ id, status }: { id: string; status?: StatusMessage | null }) {
  return (
    <p
      id={`${id}-status`}
      class={`status${status ? ` ${status.kind}` : ''}`}
      role={status?.kind === 'error' ? 'alert' : 'status'}
      aria-live="polite"
    >
      {status?.text ?? ''}
    </p>
  );
}

/** A labelled form field: the label, the control (children) and an optional hint it is described by. */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface Fact {
  term: string;
  value: ComponentChildren;
  /** The value's id (where the tests and the islands read it). */
  id?: string;
}

/** Facts of a thing (a key, a member, an import), each term with its value: a `dl.facts`. */
export function Facts({ id, facts }: { id?: string; facts: Fact[] }) {
  return (
    <dl class="facts" id={id}>
      {facts.map((fact) => (
        <Fragment key={fact.term}>
          <dt>{fact.term}</dt>
          <dd id={fact.id}>{fact.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** What is missing, and the next step (a link or a button). */
export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children ? <div class="empty-next">{children}</div> : null}
    </div>
  );
}

/** Invoker commands (`commandfor`/`command`) open a dialog with no script; the island does it where unsupported. */
function opens(dialogId: string): Record<string, string> {
  return { commandfor: dialogId, command: 'show-modal', 'data-opens': dialogId };
}

/**
 * A confirmation dialog (`<dialog>`): the opener button, then the question and the consequences, and the
 * action's form (children) with a Cancel that closes it.
 */
export function ConfirmDialog({
  id,
  opener,
  openerLabel,
  title,
  children,
  danger = false,
}: {
  id: string;
  opener: string;
  openerLabel?: string;
  title: string;
  children: ComponentChildren;
  danger?: boolean;
}) {
  return (
    <>
      <button type="button" class={`secondary small${danger ? ' danger' : ''}`} aria-label={openerLabel} {...opens(id)}>
        {opener}
      </button>
      <dialog id={id} aria-labelledby={`${id}-title`} class="confirm">
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <form method="dialog" class="dialog-cancel">
          <button type="submit" class="secondary">
            Cancel
          </button>
        </form>
      </dialog>
    </>
  );
}

export interface ChartSeries {
  label: string;
  data: number[];
  color: string;
}

export interface ChartSpec {
  type: 'bar' | 'line';
  labels: string[];
  datasets: ChartSeries[];
  stacked?: boolean;
}

/**
 * A chart drawn by the Chart.js island from its `data-chart` (JSON in an attribute: escaped like any other
 * value), with its title and a text summary for screen readers; an empty state instead when there is nothing
 * to draw.
 */
export function Chart({
  id,
  title,
  summary,
  spec,
  empty,
}: {
  id: string;
  title: string;
  summary: string;
  spec: ChartSpec;
  empty: JSX.Element;
}) {
  const hasData = spec.datasets.some((set) => set.data.some((value) => value > 0));
  return (
    <figure class="chart" id={`${id}-figure`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {hasData ? (
        <div class="chart-box">
          <canvas
            id={id}
            role="img"
            aria-labelledby={`${id}-title ${id}-summary`}
            data-chart={JSON.stringify(spec)}
          ></canvas>
        </div>
      ) : (
        empty
      )}
      <p class="hint" id={`${id}-summary`}>
        {summary}
      </p>
    </figure>
  );
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A form htmx posts (as JSON) to `post`, its answer put in `target` (swapped by `swap`, or into the target),
 * its buttons disabled while the request is under way. What to type and say is the children.
 */
export function PostForm({
  id,
  class: className = 'stack',
  novalidate,
  post,
  target,
  swap,
  children,
}: {
  id: string;
  class?: string;
  novalidate?: boolean;
  post: string;
  target: string;
  swap?: 'outerHTML';
  children: ComponentChildren;
}) {
  return (
    <form
      id={id}
      class={className}
      novalidate={novalidate}
      hx-post={post}
      hx-target={target}
      hx-swap={swap}
      hx-disabled-elt="find button"
    >
      {children}
    </form>
  );
}
