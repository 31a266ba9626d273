import { type DynamicModule, Module } from '@nestjs/common';
import { ClockModule } from '@app/common';
import { ClickDimensionsSink } from '@app/shortlinks';
import { ClickRecorder } from './click-recorder';

/**
 * The click dimension recorder alone, for the processes that redirect (the api in single-process mode and the
 * standalone redirector). `shortLinks`: the process's own `ShortLinksModule` (one instance of it per process).
 */
@Module({})
export class ClickRecorderModule {
  private static readonly configured = new Map<DynamicModule, DynamicModule>();

  static forRoot(options: { shortLinks: DynamicModule }): DynamicModule {
    let configured = ClickRecorderModule.configured.get(options.shortLinks);
    if (!configured) {
      configured = {
        module: ClickRecorderModule,
        imports: [ClockModule, options.shortLinks],
        // The redirect handler finds the recorder through the shortlinks lib's port.
        providers: [ClickRecorder, { provide: ClickDimensionsSink, useExisting: ClickRecorder }],
        exports: [ClickRecorder, ClickDimensionsSink],
      };
      ClickRecorderModule.configured.set(options.shortLinks, configured);
    }
    return configured;
  }
}
