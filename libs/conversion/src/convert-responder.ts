import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { defer, finalize, mergeMap, Observable, of } from 'rxjs';
import { CpuLane, stringifyInSlices } from '@app/common';
import { conversionConfig, ConversionConfig } from './conversion.config';
import { LargeConversionGate } from './large-conversion-gate';
import { CONVERT_SLICE_LINKS, type ConvertResult, SerialisedConvertResult } from './text-conversion';

/**
 * The answer of a conversion route. A large text (see `LargeConversionGate`) is converted and serialised in its
 * turn: the handler runs once the gate lets it in, and the turn ends when its answer is serialised (or the call
 * fails, or the caller goes away while waiting). A large answer (more items than one slice) is serialised in
 * slices that take turns in the process's `CpuLane`, like the conversion itself, and sent as the same JSON string
 * Express's `res.json` would send (same bytes, `Content-Type: application/json; charset=utf-8`, ETag as
 * configured); a small one goes to `res.json` as before. An answer a worker thread serialised
 * (`SerialisedConvertResult`) is sent as those bytes, with the same headers.
 */
@Injectable()
export class ConvertResponseInterceptor implements NestInterceptor {
  constructor(
    @Inject(conversionConfig.KEY) private readonly config: ConversionConfig,
    private readonly gate: LargeConversionGate,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const response = http.getResponse<Response>();
    const answer = next.handle().pipe(mergeMap((body: unknown) => this.serialise(body, response)));
    const content = (http.getRequest<Request>().body as { content?: unknown } | undefined)?.content;
    if (typeof content !== 'string' || !this.gate.isLarge(content)) return answer;
    return defer(async () => {
      const gone = new AbortController();
      const onClose = () => gone.abort(new Error('the caller went away'));
      response.once('close', onClose);
      try {
        return await this.gate.turn(gone.signal);
      } finally {
        response.off('close', onClose);
      }
    }).pipe(mergeMap((release) => answer.pipe(finalize(release))));
  }

  private serialise(body: unknown, response: Response): Observable<unknown> | Promise<unknown> {
    if (body instanceof SerialisedConvertResult) {
      // Sent as they are (Nest streams a `StreamableFile` to the response): no string of them in this heap.
      return of(new StreamableFile(body.json, { type: JSON_TYPE, length: body.json.length }));
    }
    if (!isLargeResult(body)) return of(body);
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
