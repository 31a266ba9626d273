import { listenerModuleEachTest } from '@app/common/testing';
import { MemberChanged, MemberDisabled } from '@app/members';
import { CredentialCacheListener } from './credential-cache.listener';
import { CredentialsRegenerated } from './credential-events';
import { CredentialsService } from './credentials.service';

/** The listener as Nest wires it (`@OnEvent` on a real EventEmitter2); the service's cache is faked. */
describe('CredentialCacheListener', () => {
  const forgotten: string[] = [];
  let release: () => void = () => undefined;

  beforeEach(() => {
    forgotten.length = 0;
  });
  const listener = listenerModuleEachTest(() => [
    CredentialCacheListener,
    {
      provide: CredentialsService,
      useValue: {
        // Like the real one, it finishes only once the other instances were told (here: when released).
        forgetMember: (memberId: string) =>
          new Promise<void>((done) => {
            release = () => {
              forgotten.push(memberId);
              done();
            };
          }),
      },
    },
  ]);

  it.each([
    ['MemberChanged', MemberChanged.event, new MemberChanged('m-1', ['plan'])],
    ['MemberDisabled', MemberDisabled.event, new MemberDisabled('m-1')],
    ['CredentialsRegenerated', CredentialsRegenerated.event, new CredentialsRegenerated('m-1', 'lc_live_ab…yz', 0)],
  ])(
    "drops the member's cached pairs on %s, and the emitter waits until that is done",
    async (_name, event, payload) => {
      let settled = false;
      const emitted = listener.emitter.emitAsync(event, payload).then(() => (settled = true));
      await new Promise((done) => setImmediate(done));
      expect(settled).toBe(false);
      release();
      await emitted;
      expect(forgotten).toEqual(['m-1']);
    },
  );
});
