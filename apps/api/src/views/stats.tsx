import type { ComponentChildren } from 'preact';

/**
 * A stat tile: a figure and what it counts (the account's usage and earnings, the console's platform figures).
 * `id` names the tile, `valueId` the figure alone (where the tests and the islands read the number).
 */
export function StatTile({
  id,
  valueId,
  label,
  children,
}: {
  id?: string;
  valueId?: string;
  label: string;
  children: ComponentChildren;
}) {
  return (
    <div class="stat" id={id}>
      <span class="stat-value" id={valueId}>
        {children}
      </span>
      <span class="stat-label">{label}</span>
    </div>
  );
}

/** A row of stat tiles. */
export function StatTiles({ id, wide, children }: { id?: string; wide?: boolean; children: ComponentChildren }) {
  return (
    <div class={wide ? 'stats earnings-cards' : 'stats'} id={id}>
      {children}
    </div>
  );
}
