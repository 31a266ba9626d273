import { Histogram, type HistogramConfiguration, type LabelValues } from 'prom-client';

type HttpLabel = 'method' | 'route' | 'status_code';

/** One series as prom-client's Histogram stores it (its `hashMap` values, prom-client 15). */
interface Entry {
  labels: Record<string, string>;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
}

/**
 * prom-client's Histogram of the HTTP durations, with a fast path for the one call made on every request
 * (`observeRequest`): prom-client's own `observe(labels, value)` validates the labels, joins them into a hash
 * string, allocates a closure and turns the bucket bound into a property name on every call (about 1 µs, a
 * measurable share of a 30 µs redirect; see docs/benchmarks-history.md). Here each (method, route, status) series is
 * found once in prom-client's own store and kept in nested maps, so an observation is three map lookups, a scan
 * of the bounds and three additions into the very numbers prom-client exports: `/metrics` (names, labels,
 * buckets, text) is prom-client's, unchanged. prom-client has no public way to add to a series without the
 * per-call work; if its store is not what this expects (another major version), every call takes the plain
 * `observe` (the spec compares both paths' output).
 */
export class HttpDurationHistogram extends Histogram<HttpLabel> {
  private readonly bounds: readonly number[];
  private readonly boundKeys: readonly string[];
  /** method → route → status → the series in prom-client's store; emptied whenever that store changes. */
  private readonly byMethod = new Map<string, Map<string, Map<number, Entry>>>();
  private fast: boolean;

  constructor(config: HistogramConfiguration<HttpLabel>) {
    super(config);
    this.bounds = [...((this as unknown as { upperBounds?: number[] }).upperBounds ?? [])];
    this.boundKeys = this.bounds.map(String);
    const store = this.store();
    this.fast = this.bounds.length > 0 && store !== null && typeof store === 'object';
  }

  /** One request's duration (`seconds`), labelled `method`, `route` (a pattern) and `status_code`. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.byMethod.get(method);
    if (byRoute === undefined) this.byMethod.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) byRoute.set(route, (byStatus = new Map()));
    let entry = byStatus.get(status);
    if (entry === undefined) {
      const found = this.fast ? this.entryOf(method, route, String(status)) : null;
      if (found === null) {
        this.fast = false;
        this.observe({ method, route, status_code: String(status) }, seconds);
        return;
      }
      byStatus.set(status, (entry = found));
    }
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]) i += 1;
    if (i < bounds.length) entry.bucketValues[this.boundKeys[i]] += 1;
    entry.sum += seconds;
    entry.count += 1;
  }

  // Whatever replaces or drops prom-client's entries drops the ones held here too.
  override reset(): void {
    this.forget();
    super.reset();
  }

  override zero(labels: LabelValues<HttpLabel>): void {
    this.forget();
    super.zero(labels);
  }

  override remove(...values: [LabelValues<HttpLabel>] | string[]): void {
    this.forget();
    super.remove(...(values as string[]));
  }

  /** (prom-client's constructor calls `reset()` before this class's fields exist.) */
  private forget(): void {
    (this.byMethod as Map<string, unknown> | undefined)?.clear();
  }

  private store(): Record<string, Entry> | null {
    return (this as unknown as { hashMap?: Record<string, Entry> }).hashMap ?? null;
  }

  /** The series of these labels in prom-client's store (made at zero when missing), or null if it looks unknown. */
  private entryOf(method: string, route: string, status_code: string): Entry | null {
    const find = () =>
      Object.values(this.store() ?? {}).find(
        (entry) =>
          entry?.labels?.method === method && entry.labels.route === route && entry.labels.status_code === status_code,
      );
    let entry = find();
    if (entry === undefined) {
      super.zero({ method, route, status_code });
      entry = find();
    }
    const shapeOk =
      entry !== undefined &&
      typeof entry.sum === 'number' &&
      typeof entry.count === 'number' &&
      typeof entry.bucketValues === 'object' &&
      this.boundKeys.every((key) => typeof entry.bucketValues[key] === 'number');
    return shapeOk ? entry! : null;
  }
}
