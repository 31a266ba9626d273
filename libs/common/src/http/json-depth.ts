/**
 * Nesting depth of a parsed JSON value, computed iteratively (no recursion, so a hostile
 * body cannot overflow the stack here) and stopping as soon as `limit` is exceeded.
 */
export function exceedsJsonDepth(value: unknown, limit: number): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const childDepth = depth + 1;
    if (childDepth > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node as Record<string, unknown>);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: childDepth });
    }
  }
  return false;
}
