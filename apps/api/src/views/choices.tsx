import type { ComponentChildren } from 'preact';

/** What a form was refused for, field by field (the API's `invalid_request` names the field): shown beside it. */
export type FieldErrors = Partial<Record<string, string>>;

/** The control's ARIA when its field was refused: invalid, and described by its message. */
export function invalidProps(id: string, error: string | undefined): Record<string, string> {
  return error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {};
}

/** The message beside a refused field (`<id>-error`). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p class="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

/**
 * A group of checkboxes named `name` (one value each, posted as a list), with its legend, an optional hint and
 * the field's error beside it.
 */
export function Choices({
  id,
  name,
  legend,
  options,
  checked,
  error,
  hint,
}: {
  id: string;
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: ComponentChildren }>;
  checked: readonly string[];
  error?: string;
  hint?: ComponentChildren;
}) {
  return (
    <fieldset class="choices" id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p class="hint">{hint}</p> : null}
      {options.map((option) => (
        <label class="choice" key={option.value}>
          <input type="checkbox" name={name} value={option.value} checked={checked.includes(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
