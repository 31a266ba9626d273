import type { EventEmitter2 } from '@nestjs/event-emitter';
import type { TestingModule } from '@nestjs/testing';
import { startListenerModule } from '@app/common/testing';
import { MemberChanged, MemberDisabled } from '@app/members';
import { CredentialCacheListener } from './credential-cache.listener';
import { CredentialsRegenerated } from './credential-events';
import { CredentialsService } from './credentials.service';

/** The listener as Nest wires it (`@OnEvent` on a real EventEmitter2); the service's cache is faked. */
describe('CredentialCacheListener', () => {
  let moduleRef: TestingModule;
  let emitter: EventEmitter2;
  const forgotten: string[] = [];
  let release: () => void = () => undefined;

  beforeEach(async () => {
    forgotten.length = 0;
    ({ moduleRef, emitter } = await startListenerModule([
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
    ]));
  });
  afterEach(() => moduleRef.close());

  it.each([
    ['MemberChanged', MemberChanged.event, new MemberChanged('m-1', ['plan'])],
    ['MemberDisabled', MemberDisabled.event, new MemberDisabled('m-1')],
    ['CredentialsRegenerated', CredentialsRegenerated.event, new CredentialsRegenerated('m-1', 'lc_live_ab…yz', 0)],
  ])(
    "drops the member's cached pairs on %s, and the emitter waits until that is done",
    async (_name, event, payload) => {
      let settled = false;
      const emitted = emitter.emitAsync(event, payload).then(() => (settled = true));
      await new Promise((done) => setImmediate(done));
      expect(settled).toBe(false);
      release();
      await emitted;
      expect(forgotten).toEqual(['m-1']);
    },
  );
});
