/**
 * How long the `level`-th ban lasts (level 0 = first): `baseMinutes`, doubled per level, at most
 * `maxMinutes`. With the defaults: 15 min, 30 min, 1 h, 2 h, 4 h, 8 h, 16 h, then 24 h.
 */
export function banDurationSeconds(level: number, baseMinutes: number, maxMinutes: number): number {
  const minutes = Math.min(maxMinutes, baseMinutes * 2 ** Math.min(Math.max(0, level), 30));
  return Math.round(minutes * 60);
}
