// Folders of a test file's own under the system's temp folder (data folders, staged archives),
// removed after the file's tests whatever they left in them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** `tempDir(prefix)`: a new empty folder, removed after the calling file's tests. Call at the file's top level. */
export function scratchDirs(): (prefix: string) => string {
  const scratch: string[] = [];
  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    scratch.push(dir);
    return dir;
  };
}
