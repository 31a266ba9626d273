import type { Provider } from '@nestjs/common';
import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';

/**
 * A listener as Nest wires it: a testing module with the real event emitter (`@OnEvent` handlers registered at
 * init) and `providers` (the listener, its collaborators faked). Close `moduleRef` after each test.
 */
export async function startListenerModule(
  providers: Provider[],
): Promise<{ moduleRef: TestingModule; emitter: EventEmitter2 }> {
  const moduleRef = await Test.createTestingModule({ imports: [EventEmitterModule.forRoot()], providers }).compile();
  await moduleRef.init();
  return { moduleRef, emitter: moduleRef.get(EventEmitter2) };
}
