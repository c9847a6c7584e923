// An error logged by the server keeps its message, code and stack, never the live objects a driver
// hangs on it: node-postgres puts its client on pool errors, with the connection's parameters
// (the password among them when one is used).
import { describe, expect, it } from 'vitest';
import { createLogger } from '~server/log';

function capture() {
  const written: string[] = [];
  return { logger: createLogger({ destination: { write: (line: string) => void written.push(line) } }), text: () => written.join('') };
}

describe('the error serializer', () => {
  it("drops a driver's client and its connection parameters, keeps what an operator reads", () => {
    const { logger, text } = capture();
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { user: 'rentalp', password: 'hunter2-secret', host: 'db.internal' } },
    });
    logger.warn({ err }, 'database: idle client error');
    const [line] = text().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(line!.err).toMatchObject({ message: 'terminating connection due to administrator command', code: '57P01' });
    expect(String(line!.err.stack)).toContain('terminating connection');
    expect(text()).not.toContain('hunter2-secret');
    expect(text()).not.toContain('connectionParameters');
  });
});
