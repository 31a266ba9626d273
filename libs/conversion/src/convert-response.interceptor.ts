import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { mergeMap, Observable, of } from 'rxjs';
import { CpuLane, stringifyInSlices } from '@app/common';
import { conversionConfig, ConversionConfig } from './conversion.config';
import { CONVERT_SLICE_LINKS, type ConvertResult } from './text-converter';

/**
 * The answer of a conversion route: a large one (more items than one slice) is serialised in slices that take
 * turns in the process's `CpuLane`, like the conversion itself, and sent as the same JSON string Express's
 * `res.json` would send (same bytes, `Content-Type: application/json; charset=utf-8`, ETag as configured); a
 * small one goes to `res.json` as before.
 */
@Injectable()
export class ConvertResponseInterceptor implements NestInterceptor {
  constructor(@Inject(conversionConfig.KEY) private readonly config: ConversionConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      mergeMap((body: unknown) => {
        if (!isLargeResult(body)) return of(body);
        return stringifyInSlices(
          body as unknown as Record<string, unknown>,
          'items',
          CpuLane.shared,
          this.config.CONVERT_SLICE_MS,
          CONVERT_SLICE_LINKS,
        ).then((json) => {
          context.switchToHttp().getResponse<Response>().type('json');
          return json;
        });
      }),
    );
  }
}

function isLargeResult(body: unknown): body is ConvertResult {
  const items = (body as Partial<ConvertResult> | null)?.items;
  return Array.isArray(items) && items.length > CONVERT_SLICE_LINKS;
}
