import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Clock } from '@app/common';
import type { Repository } from 'typeorm';
import type { Member } from './member.entity';
import { MemberChanged, MemberDisabled } from './member-events';
import { MembersService } from './members.service';
import type { PasswordHasher } from './password-hasher';

/** Which event `change` emits, once the change is saved, and that it waits for the listeners. */
describe('MembersService.change and its events', () => {
  let stored: Member;
  let saved: Member[];
  let heard: Array<MemberChanged | MemberDisabled>;
  /** How many saves had happened when each event was heard. */
  let savesBefore: number[];
  let service: MembersService;

  beforeEach(() => {
    stored = { id: 'm-1', plan: 'free', role: 'member', disabledAt: null, sessionVersion: 0 } as Member;
    saved = [];
    heard = [];
    savesBefore = [];
    const repository = {
      findOneBy: async () => ({ ...stored }),
      save: async (member: Member) => {
        saved.push({ ...member });
        return member;
      },
    } as unknown as Repository<Member>;
    const events = new EventEmitter2();
    for (const name of [MemberChanged.event, MemberDisabled.event]) {
      events.on(name, async (event: MemberChanged | MemberDisabled) => {
        savesBefore.push(saved.length);
        await new Promise((done) => setImmediate(done));
        heard.push(event);
      });
    }
    const clock = { now: () => new Date('2026-03-01T12:00:00Z') } as Clock;
    service = new MembersService(repository, {} as PasswordHasher, clock, events);
  });

  it('emits MemberChanged with what changed, after saving, and returns once the listeners are done', async () => {
    await service.change('m-1', { plan: 'pro', role: 'admin' });
    expect(heard).toEqual([new MemberChanged('m-1', ['plan', 'role'])]);
    await service.change('m-1', { disabled: false });
    expect(heard[1]).toEqual(new MemberChanged('m-1', ['enabled']));
    expect(savesBefore).toEqual([1, 2]);
  });

  it('emits MemberDisabled (not MemberChanged) when the member is disabled, even together with a plan change', async () => {
    await service.change('m-1', { disabled: true, plan: 'pro' });
    expect(heard).toEqual([new MemberDisabled('m-1')]);
    expect(saved[0].sessionVersion).toBe(1);
    expect(savesBefore).toEqual([1]);
  });

  it('emits nothing for an unknown member', async () => {
    const events = new EventEmitter2();
    const emitted: unknown[] = [];
    events.onAny((name) => void emitted.push(name));
    const missing = new MembersService(
      { findOneBy: async () => null } as unknown as Repository<Member>,
      {} as PasswordHasher,
      { now: () => new Date() } as Clock,
      events,
    );
    await expect(missing.change('nobody', { plan: 'pro' })).rejects.toMatchObject({ code: 'not_found' });
    expect(emitted).toEqual([]);
  });
});
