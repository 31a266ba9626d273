import { agentKey, type ClickDimensions } from './click-dimensions';

/** One counter of the click recorder: clicks of one link in one UTC hour with the same dimensions. */
export interface Combination extends ClickDimensions {
  linkId: string;
  hour: number;
  bot: boolean;
  clicks: number;
}

type ByReferrer = Map<string, Combination>;
type ByCountry = Map<string, ByReferrer>;
type ByAgent = Map<string, ByCountry>;
type ByLink = Map<string, ByAgent>;

/**
 * The click recorder's counters between two writes, as nested maps: UTC hour → link id → agent key
 * (`agentKey`: device, OS, browser, bot) → country → referrer host → combination. A click finds its counter
 * with one lookup per level on strings that mostly come from caches as the same objects (the link id, the
 * agent's key, the country: their hashes are computed once), instead of a combination key concatenated and
 * hashed per click. The levels are exactly the columns of `click_hours`' conflict key, so two counters never
 * share a row.
 */
export class PendingCombinations {
  private readonly hours = new Map<number, ByLink>();
  /** Combinations held (maintained by the caller that adds to a `referrers` map). */
  size = 0;

  /** The referrer level of (hour, link, agent, country), made when missing. */
  referrers(hour: number, linkId: string, agent: string, country: string): ByReferrer {
    let links = this.hours.get(hour);
    if (links === undefined) this.hours.set(hour, (links = new Map()));
    let agents = links.get(linkId);
    if (agents === undefined) links.set(linkId, (agents = new Map()));
    let countries = agents.get(agent);
    if (countries === undefined) agents.set(agent, (countries = new Map()));
    let referrers = countries.get(country);
    if (referrers === undefined) countries.set(country, (referrers = new Map()));
    return referrers;
  }

  /** The counter of a combination, if held. */
  find(hour: number, linkId: string, agent: string, country: string, referrer: string): Combination | undefined {
    return this.hours.get(hour)?.get(linkId)?.get(agent)?.get(country)?.get(referrer);
  }

  /** Adds a combination's clicks (to its counter when there is one): a batch put back after a failed write. */
  add(entry: Combination): void {
    const referrers = this.referrers(
      entry.hour,
      entry.linkId,
      agentKey(entry.device, entry.os, entry.browser, entry.bot),
      entry.country,
    );
    const current = referrers.get(entry.referrer);
    if (current) {
      current.clicks += entry.clicks;
      return;
    }
    referrers.set(entry.referrer, entry);
    this.size += 1;
  }

  *values(): IterableIterator<Combination> {
    for (const links of this.hours.values())
      for (const agents of links.values())
        for (const countries of agents.values()) for (const referrers of countries.values()) yield* referrers.values();
  }
}
