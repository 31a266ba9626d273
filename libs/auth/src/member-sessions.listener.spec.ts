import type { EventEmitter2 } from '@nestjs/event-emitter';
import type { TestingModule } from '@nestjs/testing';
import { startListenerModule } from '@app/common/testing';
import { MemberChanged, MemberDisabled } from '@app/members';
import { MemberSessionsListener } from './member-sessions.listener';
import { SessionsService } from './sessions.service';

/** The listener as Nest wires it (`@OnEvent` on a real EventEmitter2); the sessions are faked. */
describe('MemberSessionsListener', () => {
  let moduleRef: TestingModule;
  let emitter: EventEmitter2;
  const ended: string[] = [];

  beforeEach(async () => {
    ended.length = 0;
    ({ moduleRef, emitter } = await startListenerModule([
      MemberSessionsListener,
      {
        provide: SessionsService,
        useValue: {
          endAll: async (memberId: string) => {
            await new Promise((done) => setImmediate(done));
            ended.push(memberId);
          },
        },
      },
    ]));
  });
  afterEach(() => moduleRef.close());

  it("ends the member's sessions when they are disabled, before the emitter goes on", async () => {
    await emitter.emitAsync(MemberDisabled.event, new MemberDisabled('m-1'));
    expect(ended).toEqual(['m-1']);
  });

  it('leaves the sessions of a member who is only changed', async () => {
    await emitter.emitAsync(MemberChanged.event, new MemberChanged('m-1', ['plan']));
    expect(ended).toEqual([]);
  });

  it('lets a failure reach the emitter', async () => {
    moduleRef.get(SessionsService).endAll = () => Promise.reject(new Error('database down'));
    await expect(emitter.emitAsync(MemberDisabled.event, new MemberDisabled('m-2'))).rejects.toThrow('database down');
  });
});
