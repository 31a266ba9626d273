import { AppException } from '@app/common';
import { ImportBudget } from './import-budget';

/** A piece of work the test ends when it says, and what ran meanwhile. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('ImportBudget', () => {
  it("runs a member's imports one after the other, in the order they arrived, and others' beside them", async () => {
    const budget = new ImportBudget(2, 10);
    const order: string[] = [];
    const first = gate();
    const a1 = budget.run('a', async () => {
      order.push('a1 start');
      await first.opened;
      order.push('a1 end');
    });
    const a2 = budget.run('a', async () => {
      order.push('a2');
    });
    const b1 = budget.run('b', async () => {
      order.push('b1');
    });
    await b1;
    expect(order).toEqual(['a1 start', 'b1']);
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('runs at most `concurrency` imports at once, refuses past `maxQueued` waiting, and frees a slot on failure', async () => {
    const budget = new ImportBudget(1, 1);
    let running = 0;
    let most = 0;
    const first = gate();
    const work =
      (wait?: Promise<void>, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        await wait;
        running -= 1;
        if (fail) throw new Error('failed');
      };
    const one = budget.run('a', work(first.opened, true));
    const two = budget.run('b', work());
    await expect(budget.run('c', work())).rejects.toThrow(AppException);
    first.open();
    await expect(one).rejects.toThrow('failed');
    await two;
    expect(most).toBe(1);
    await budget.run('c', work());
  });
});
