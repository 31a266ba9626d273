/**
 * Tests that need what a machine may not have (a Postgres server, Redis, the server binaries, several
 * processes) run when it is there and otherwise are skipped, saying so: one line `Skipping "<name>": <reason>`
 * on the test run's output, and the reason in the skipped test's name.
 */
type Body = () => void;
type AsyncBody = () => Promise<void>;

function announce(name: string, reason: string): void {
  process.stdout.write(`Skipping "${name}": ${reason}\n`);
}

/** `describe` when `condition` holds, else a skipped `describe` that says why. */
export function describeIf(condition: boolean, reason: string): (name: string, body: Body) => void {
  if (condition) return describe;
  return (name, body) => {
    announce(name, reason);
    describe.skip(`${name} [skipped: ${reason}]`, body);
  };
}

/** `it` when `condition` holds, else a skipped `it` that says why. */
export function itIf(condition: boolean, reason: string): (name: string, body: AsyncBody) => void {
  if (condition) return it;
  return (name, body) => {
    announce(name, reason);
    it.skip(`${name} [skipped: ${reason}]`, body);
  };
}
