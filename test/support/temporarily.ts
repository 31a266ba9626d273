/** Runs `work` with `changes` assigned to `target`, then puts back what those fields held before. */
export async function temporarily<T extends object>(
  target: T,
  changes: Partial<T>,
  work: () => Promise<void>,
): Promise<void> {
  const saved = Object.fromEntries(Object.keys(changes).map((key) => [key, target[key as keyof T]]));
  Object.assign(target, changes);
  try {
    await work();
  } finally {
    Object.assign(target, saved);
  }
}
