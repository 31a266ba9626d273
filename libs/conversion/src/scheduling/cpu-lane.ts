/**
 * One lane for long CPU work on the event loop (a large conversion), so it cannot stall the other requests.
 * The work runs in slices and asks for its next turn with `turn()` between them; turns are handed out in
 * arrival order, ONE per event-loop turn (a `setImmediate` each), whatever the number of callers waiting. So
 * between two slices of heavy work the loop always reads the sockets, answers Redis and Postgres, and serves
 * everything else that is ready; and twenty heavy calls together cost the others one slice per loop turn, not
 * twenty. Heavy calls share the lane's time in turn (round robin by slice).
 *
 * The modes that need nothing but the text convert their large texts in worker threads instead (the
 * conversion lib's `ConversionWorkers`); the lane serves the others, which need the database, Redis or outside
 * services on this thread. Measured with `npm run bench -- fairness` (docs/benchmarks.md).
 */
export class CpuLane {
  /** The process's lane: every large piece of work (conversions, their answers' serialisation) takes turns in it. */
  static readonly shared = new CpuLane();

  private readonly waiting: Array<() => void> = [];
  private pumping = false;

  /** Resolves on a later event-loop turn, when every caller that asked before has had its turn. */
  turn(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.pumping) {
        this.pumping = true;
        setImmediate(this.pump);
      }
    });
  }

  /** Callers waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  private readonly pump = (): void => {
    const next = this.waiting.shift();
    if (this.waiting.length > 0) setImmediate(this.pump);
    else this.pumping = false;
    next?.();
  };

  /**
   * A slicer for one piece of work: `maybeYield()` waits for a turn once `sliceMs` have passed since the last
   * one (and costs a clock read otherwise).
   */
  slicer(sliceMs: number): { maybeYield(): Promise<void> | undefined } {
    let sliceStart = performance.now();
    return {
      maybeYield: () => {
        if (performance.now() - sliceStart < sliceMs) return undefined;
        return this.turn().then(() => {
          sliceStart = performance.now();
        });
      },
    };
  }
}
