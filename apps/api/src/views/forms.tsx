import type { ComponentChildren, InputHTMLAttributes, PartialInputHTMLAttributes } from 'preact';
import { FieldError, invalidProps } from './choices';
import { Field } from './components';

/**
 * A labelled input (text unless `type` says otherwise): the field's label and hint, the control (`id` and the rest
 * of its attributes as given), what goes with it (children: a datalist) and, when the form was refused for it, its
 * error beside it (the control then invalid and described by it).
 */
export function InputField({
  id,
  label,
  hint,
  error,
  children,
  name,
  type = 'text',
  ...input
}: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
  children?: ComponentChildren;
  name?: string;
  type?: 'text' | 'password' | 'date' | 'url';
  /** A datalist's id (its suggestions). */
  list?: string;
} & Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'id' | 'label' | 'children' | 'name' | 'type'>) {
  // Preact's strict input type pairs each `type` with its roles and lists: the attributes pass on as written.
  return (
    <Field id={id} label={label} hint={hint}>
      <input {...({ id, name, type, ...input } as InputHTMLAttributes)} {...invalidProps(id, error)} />
      {children}
      <FieldError id={id} error={error} />
    </Field>
  );
}

/** A list's filter: a GET search form (its fields are the children), its button, then a way back to every row. */
export function FilterForm({
  action,
  submit = 'Filter',
  clear,
  children,
}: {
  action: string;
  submit?: string;
  clear?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <form class="filter" method="get" action={action} role="search">
      {children}
      <button type="submit" class="secondary">
        {submit}
      </button>
      {clear}
    </form>
  );
}

/** htmx puts the answer in place of `target` (a card redrawn whole). */
export function replaces(target: string): Record<string, string> {
  return { 'hx-target': target, 'hx-swap': 'outerHTML' };
}

/** htmx fetches `url` (the page itself by default) and redraws the element `id` from its answer. */
export function redraws(id: string, url = ''): Record<string, string> {
  return { 'hx-get': url, 'hx-select': `#${id}`, ...replaces(`#${id}`) };
}

/**
 * A small button of a card that posts one action (check, remove, test, redeliver...) and redraws `target` from the
 * answer; `label` names the action and its object for screen readers.
 */
export function ActionButton({
  post,
  vals,
  target,
  label,
  children,
}: {
  post: string;
  vals?: string;
  target: string;
  label: string;
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class="secondary small"
      hx-post={post}
      hx-vals={vals}
      {...replaces(target)}
      aria-label={label}
    >
      {children}
    </button>
  );
}
