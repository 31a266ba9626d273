import { listenerModuleEachTest } from '@app/common/testing';
import { MemberChanged, MemberDisabled } from '@app/members';
import { MemberSessionsListener } from './member-sessions.listener';
import { SessionsService } from './sessions.service';

/** The listener as Nest wires it (`@OnEvent` on a real EventEmitter2); the sessions are faked. */
describe('MemberSessionsListener', () => {
  const ended: string[] = [];

  beforeEach(() => {
    ended.length = 0;
  });
  const listener = listenerModuleEachTest(() => [
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
  ]);

  it("ends the member's sessions when they are disabled, before the emitter goes on", async () => {
    await listener.emitter.emitAsync(MemberDisabled.event, new MemberDisabled('m-1'));
    expect(ended).toEqual(['m-1']);
  });

  it('leaves the sessions of a member who is only changed', async () => {
    await listener.emitter.emitAsync(MemberChanged.event, new MemberChanged('m-1', ['plan']));
    expect(ended).toEqual([]);
  });

  it('lets a failure reach the emitter', async () => {
    listener.moduleRef.get(SessionsService).endAll = () => Promise.reject(new Error('database down'));
    await expect(listener.emitter.emitAsync(MemberDisabled.event, new MemberDisabled('m-2'))).rejects.toThrow(
      'database down',
    );
  });
});
