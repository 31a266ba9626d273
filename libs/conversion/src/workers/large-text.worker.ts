/**
 * A worker thread's task (piscina): one large text converted whole, its answer serialised, with the pipeline the
 * api runs on its event loop (`convertText`). What needs the api's process (the link budgets, short links
 * resolved through its resolver and cache) is asked of it over the task's port; the links found never cross the
 * thread boundary, only the text in and the answer's JSON out, as bytes handed over without a copy (a string
 * would be copied into the api's heap, whose collector the worker is there to spare). Loaded by
 * `ConversionWorkers`.
 */
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { Marketplaces, type MarketplaceSettings, type ParsedLink } from '@app/marketplaces';
import { CONVERT_MODES, type ConvertMode } from '../modes/convert-modes';
import type { ModeContext } from '../modes/mode-provider';
import type { ShortLinkOutcome } from '../resolver/short-link-resolution.service';
import { type ConversionSources, convertResult, convertText, linkCounts, type ConvertResult } from '../text-conversion';
import { workerModes } from './worker-modes';

export interface LargeTextTask {
  content: string;
  mode: ConvertMode;
  context: Pick<ModeContext, 'principal' | 'affiliateId' | 'subIds'>;
  marketplaceSettings: MarketplaceSettings | undefined;
  /** Where the worker asks the api's process: `{ admit }` then, when the text has short links, `{ resolve }`. */
  port: MessagePort;
}

/** A question of the worker to the api's process. */
export type WorkerQuestion = { admit: number } | { resolve: ParsedLink[] };
/** The api's reply: `ok: false` when it refused (the reason stays in the api's process). */
export type WorkerReply = { ok: true; resolved?: Map<string, ShortLinkOutcome> } | { ok: false };

export interface LargeTextAnswer {
  /** The answer's JSON in UTF-8, moved (not copied) to the api's thread: outside both heaps. */
  json: Uint8Array;
  summary: ConvertResult['summary'];
  counts: ReturnType<typeof linkCounts>;
}

/** The api refused the call (a link budget): the conversion stops, the api answers with its own error. */
class Refused extends Error {}

const marketplaces = new Marketplaces();
const providers = new Map(workerModes(marketplaces).map((provider) => [provider.mode, provider]));

/** Converts the task's text; null when the api refused it on the way. */
export default async function convertLargeText(task: LargeTextTask): Promise<LargeTextAnswer | null> {
  const provider = providers.get(task.mode);
  if (!provider) throw new Error(`mode ${task.mode} is not converted in a worker`);
  const { port } = task;
  const ask = (question: WorkerQuestion) =>
    new Promise<WorkerReply & { ok: true }>((resolve, reject) => {
      port.once('message', (reply: WorkerReply) => (reply.ok ? resolve(reply) : reject(new Refused())));
      port.postMessage(question);
    });
  const sources: ConversionSources = {
    identify: (raw) => marketplaces.identify(raw),
    identifyInText: (raw) => marketplaces.identifyInText(raw),
    resolveAll: async (links) => (await ask({ resolve: [...links] })).resolved ?? new Map(),
    settingsFor: async () => task.marketplaceSettings,
  };
  try {
    const converted = await convertText(
      sources,
      task.content,
      provider,
      task.context,
      (links) => ask({ admit: links }),
      null,
    );
    const result = convertResult(CONVERT_MODES[task.mode].label, converted);
    const json = new TextEncoder().encode(JSON.stringify(result));
    const answer: LargeTextAnswer = { json, summary: result.summary, counts: linkCounts(converted.items) };
    return move({ [transferableSymbol]: [json.buffer], [valueSymbol]: answer }) as unknown as LargeTextAnswer;
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  } finally {
    port.close();
  }
}
