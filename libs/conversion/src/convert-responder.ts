import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { settleDeferredCheck } from '@app/http';
import { CpuLane } from './scheduling/cpu-lane';
import { stringifyInSlices } from './scheduling/sliced-json';
import { conversionConfig, ConversionConfig } from './conversion.config';
import { LargeConversionGate } from './large-conversion-gate';
import {
  type ConvertAnswer,
  CONVERT_SLICE_LINKS,
  type ConvertResult,
  SerialisedConvertResult,
} from './text-conversion';

/** What a conversion route hands Nest to send: the answer as it is, its JSON already made, or its bytes. */
export type ConvertReply = ConvertAnswer | string | StreamableFile;

/**
 * The answer of a conversion route, made by the route's handler (after the guards and the validation pipe). A
 * large text (see `LargeConversionGate`) is converted and serialised in its turn: the conversion starts once the
 * gate lets it in, and the turn ends when its answer is serialised (or the call fails, or the caller goes away
 * while waiting). A large answer (more items than one slice) is serialised in slices that take turns in the
 * process's `CpuLane`, like the conversion itself, and sent as the same JSON string Express's `res.json` would
 * send (same bytes, `Content-Type: application/json; charset=utf-8`, ETag as configured); a small one goes to
 * `res.json` as before. An answer a worker thread serialised (`SerialisedConvertResult`) is sent as those bytes,
 * with the same headers.
 *
 * A plain service called by the handler, not an interceptor: an interceptor costs every call an RxJS pipeline and
 * Nest's async-context binding (about 4 % of a 5-link call's CPU, profiled), for what one `if` decides.
 */
@Injectable()
export class ConvertResponder {
  constructor(
    @Inject(conversionConfig.KEY) private readonly config: ConversionConfig,
    private readonly gate: LargeConversionGate,
  ) {}

  /**
   * Runs `convert` for `content` (in the gate's turn when the text is large) and answers what to send. A large
   * text's deferred checks (the call's rate-limit count, see `deferCheck`) are settled before it waits for its
   * turn: a refused caller's text is never read.
   */
  async respond(content: unknown, req: Request, convert: () => Promise<ConvertAnswer>): Promise<ConvertReply> {
    const response = req.res!;
    if (typeof content !== 'string' || !this.gate.isLarge(content)) return this.serialise(await convert(), response);
    await settleDeferredCheck(req);
    const release = await this.turn(response);
    try {
      return await this.serialise(await convert(), response);
    } finally {
      release();
    }
  }

  /** The gate's turn; given up when the caller goes away while waiting. */
  private async turn(response: Response): Promise<() => void> {
    const gone = new AbortController();
    const onClose = () => gone.abort(new Error('the caller went away'));
    response.once('close', onClose);
    try {
      return await this.gate.turn(gone.signal);
    } finally {
      response.off('close', onClose);
    }
  }

  private serialise(body: ConvertAnswer, response: Response): ConvertReply | Promise<ConvertReply> {
    if (body instanceof SerialisedConvertResult) {
      // Sent as they are (Nest streams a `StreamableFile` to the response): no string of them in this heap.
      return new StreamableFile(body.json, { type: JSON_TYPE, length: body.json.length });
    }
    if (!isLargeResult(body)) return body;
    return stringifyInSlices(
      body as unknown as Record<string, unknown>,
      'items',
      CpuLane.shared,
      this.config.CONVERT_SLICE_MS,
      CONVERT_SLICE_LINKS,
    ).then((json) => {
      response.type('json');
      return json;
    });
  }
}

/** What `res.json` sends as the type of its answers. */
const JSON_TYPE = 'application/json; charset=utf-8';

function isLargeResult(body: unknown): body is ConvertResult {
  const items = (body as Partial<ConvertResult> | null)?.items;
  return Array.isArray(items) && items.length > CONVERT_SLICE_LINKS;
}
