import { agentKey, type ClickDimensions } from './click-dimensions';

/** One counter of the click recorder: clicks of one link in one UTC hour with the same dimensions. */
export interface Combination extends ClickDimensions {
  linkId: string;
  hour: number;
  bot: boolean;
  clicks: number;
}

type ByLink = Map<string, Combination>;
type ByReferrer = Map<string, ByLink>;
type ByCountry = Map<string, ByReferrer>;
type ByAgent = Map<string, ByCountry>;

/**
 * The click recorder's counters between two writes, as nested maps: UTC hour → agent key (`agentKey`: device,
 * OS, browser, bot) → country → referrer host → link id → combination. A click finds its counter with one
 * lookup per level on strings that mostly come from caches as the same objects (the agent's key, the country,
 * the link id: their hashes are computed once), instead of a combination key concatenated and hashed per click.
 * The link is the last level, so the maps above it are one per distinct set of dimensions (a few hundred),
 * whatever the number of links clicked: a combination costs one map entry, as with a combination key. The
 * levels are exactly the columns of `click_hours`' conflict key, so two counters never share a row.
 */
export class PendingCombinations {
  private readonly hours = new Map<number, ByAgent>();
  /** Combinations held (maintained by the caller that adds to a `links` map). */
  size = 0;

  /** The counters by link of one set of dimensions, made when missing. */
  links(hour: number, agent: string, country: string, referrer: string): ByLink {
    let agents = this.hours.get(hour);
    if (agents === undefined) this.hours.set(hour, (agents = new Map()));
    let countries = agents.get(agent);
    if (countries === undefined) agents.set(agent, (countries = new Map()));
    let referrers = countries.get(country);
    if (referrers === undefined) countries.set(country, (referrers = new Map()));
    let links = referrers.get(referrer);
    if (links === undefined) referrers.set(referrer, (links = new Map()));
    return links;
  }

  /** The counter of a combination, if held. */
  find(hour: number, agent: string, country: string, referrer: string, linkId: string): Combination | undefined {
    return this.hours.get(hour)?.get(agent)?.get(country)?.get(referrer)?.get(linkId);
  }

  /** Adds a combination's clicks (to its counter when there is one): a batch put back after a failed write. */
  add(entry: Combination): void {
    const links = this.links(
      entry.hour,
      agentKey(entry.device, entry.os, entry.browser, entry.bot),
      entry.country,
      entry.referrer,
    );
    const current = links.get(entry.linkId);
    if (current) {
      current.clicks += entry.clicks;
      return;
    }
    links.set(entry.linkId, entry);
    this.size += 1;
  }

  *values(): IterableIterator<Combination> {
    for (const agents of this.hours.values())
      for (const countries of agents.values())
        for (const referrers of countries.values()) for (const links of referrers.values()) yield* links.values();
  }
}
