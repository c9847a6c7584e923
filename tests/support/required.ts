// Tests that need a part a developer's machine may lack (PostgreSQL's server binaries for a private
// server, a PostgreSQL server to run against): there they are skipped with a warning; in CI (which
// sets CI, and TEST_DATABASE_URL when its PostgreSQL answers) the missing part is a failing test,
// so a run that left them out cannot pass as green.
import { describe, it } from 'vitest';

/**
 * Call at a test file's top level with what `tests` need and whether it is there; answers whether
 * it is. When it is missing: a warning here, a failed test in CI.
 */
export function requiredPart(tests: string, part: string, present: boolean): boolean {
  if (present) return true;
  if (process.env.CI) {
    describe(tests, () => {
      it(`has ${part} (CI runs these tests, never skips them)`, () => {
        throw new Error(`${part} is missing: CI must provide it, or "${tests}" is not tested`);
      });
    });
  } else {
    console.warn(`[tests] ${part} is missing: "${tests}" SKIPPED`);
  }
  return false;
}
