import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { conversionConfig, ConversionConfig, isLargeText } from '../conversion.config';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import type { ConvertMode } from '../modes/convert-modes';
import type { ShortLinkOutcome } from '../resolver/short-link-resolution.service';
import type { AdmitLinks } from '../text-conversion';
import type { LargeTextAnswer, LargeTextTask, WorkerQuestion, WorkerReply } from './large-text.worker';
import { workerModes } from './worker-modes';

/** What a worker's conversion asks of the api's process. */
export interface WorkerHost {
  admit?: AdmitLinks;
  resolveAll(links: readonly ParsedLink[]): Promise<Map<string, ShortLinkOutcome>>;
}

/**
 * The worker threads (piscina) that convert large texts of the modes in `workerModes` whole, their answers'
 * JSON included, so that their allocation (about 7 KB per link) and its garbage collection happen in the
 * workers' heaps, not on the event loop that serves every other request. `CONVERT_WORKERS` threads, started at
 * the first such text; 0 converts every text on the event loop (in slices, see `CpuLane`).
 */
@Injectable()
export class ConversionWorkers implements OnModuleDestroy {
  private readonly modes: ReadonlySet<ConvertMode>;
  private pool: Piscina | null = null;

  constructor(
    @Inject(conversionConfig.KEY) private readonly config: ConversionConfig,
    marketplaces: Marketplaces,
  ) {
    this.modes = new Set(workerModes(marketplaces).map((provider) => provider.mode));
  }

  /** Whether a worker converts this text: workers on, a large text, a mode of `workerModes`. */
  takes(mode: ConvertMode, content: string): boolean {
    return this.config.CONVERT_WORKERS > 0 && this.modes.has(mode) && isLargeText(content, this.config);
  }

  /**
   * Converts in a worker; answers the worker's questions with `host`. Throws what `host.admit` threw when it
   * refused the call.
   */
  async convert(task: Omit<LargeTextTask, 'port'>, host: WorkerHost): Promise<LargeTextAnswer> {
    const { port1, port2 } = new MessageChannel();
    let refusal: { error: unknown } | null = null;
    port1.on('message', (question: WorkerQuestion) => {
      const reply = (async (): Promise<WorkerReply> => {
        try {
          if ('admit' in question) await host.admit?.(question.admit);
          else return { ok: true, resolved: await host.resolveAll(question.resolve) };
          return { ok: true };
        } catch (error) {
          refusal = { error };
          return { ok: false };
        }
      })();
      void reply.then((answer) => port1.postMessage(answer));
    });
    try {
      const answer = (await this.workers().run(
        { ...task, port: port2 },
        { transferList: [port2] },
      )) as LargeTextAnswer | null;
      if (refusal) throw (refusal as { error: unknown }).error;
      if (!answer) throw new Error('the conversion worker stopped without an answer');
      return answer;
    } finally {
      port1.close();
    }
  }

  /** Threads running or waiting now (tests, metrics). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  async onModuleDestroy(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private workers(): Piscina {
    if (!this.pool) {
      const threads = this.config.CONVERT_WORKERS;
      this.pool = new Piscina({
        ...workerScript(),
        minThreads: threads,
        maxThreads: threads,
        // Large texts in progress are bounded by the gate (`LargeConversionGate`); a worker interleaves them while
        // one waits for the api (its link budget, short links resolved).
        concurrentTasksPerWorker: this.config.CONVERT_LARGE_CONCURRENCY,
        // piscina sets it with its optional `@napi-rs/nice` (a no-op where that is missing).
        niceIncrement: this.config.CONVERT_WORKER_NICE,
      });
    }
    return this.pool;
  }
}

/**
 * The worker's script: the compiled one next to this file (`npm start`, the build), or the TypeScript source
 * compiled as it loads (tests and tools that run the sources).
 */
function workerScript(): { filename: string; execArgv?: string[] } {
  const compiled = join(__dirname, 'large-text.worker.js');
  if (existsSync(compiled)) return { filename: compiled };
  return {
    filename: join(__dirname, 'large-text.worker.ts'),
    execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
  };
}
