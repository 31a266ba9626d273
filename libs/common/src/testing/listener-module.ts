import type { Provider } from '@nestjs/common';
import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';

/**
 * A listener as Nest wires it, for each test of the calling `describe`: a testing module with the real event
 * emitter (`@OnEvent` handlers registered at init) and `providers()` (the listener, its collaborators faked),
 * started before each test and closed after it. Read its `emitter` and `moduleRef` within a test.
 */
export function listenerModuleEachTest(providers: () => Provider[]): {
  readonly emitter: EventEmitter2;
  readonly moduleRef: TestingModule;
} {
  let moduleRef: TestingModule | undefined;
  beforeEach(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [EventEmitterModule.forRoot()],
      providers: providers(),
    }).compile();
    await moduleRef.init();
  });
  afterEach(() => moduleRef?.close());
  const started = (): TestingModule => {
    if (!moduleRef) throw new Error('The listener module runs within a test only');
    return moduleRef;
  };
  return {
    get emitter() {
      return started().get(EventEmitter2);
    },
    get moduleRef() {
      return started();
    },
  };
}
