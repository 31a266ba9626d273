const PREVIEW_MIN_CHARS = 12;

/** `abcd…wxyz` for values of 12 characters or more, `••••` for shorter ones: enough to recognise, never to use. */
export function secretPreview(value: string): string {
  const chars = [...value];
  if (chars.length < PREVIEW_MIN_CHARS) return '••••';
  return `${chars.slice(0, 4).join('')}…${chars.slice(-4).join('')}`;
}
