// The embedded database's two queues (the turn queue of server/db/pglite-queue.ts and the write
// queue of server/availability/commit.ts) hand each turn over after the event loop has polled:
// a client connecting while a long queue is worked through is accepted within a few turns, not
// after the whole queue (which is what a queue handed over in promise callbacks did, since none
// of its work waits for I/O).
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnQueue } from '~server/db/pglite-queue';
import { enqueue } from '~server/availability/commit';

const QUEUED = 200;

let server: net.Server;
let port: number;
/** How many queued tasks had finished when the server took the connection. */
let acceptedAfter: number[] = [];
let finished = 0;

beforeAll(async () => {
  server = net.createServer((socket) => {
    acceptedAfter.push(finished);
    socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Queues QUEUED tasks through `queue`; the first one connects a client (its connect() runs once
 * the promise callbacks of the moment are through). Resolves with the number of tasks finished
 * when the server accepted it.
 */
async function acceptedDuring(queue: (task: () => Promise<void>) => Promise<void>): Promise<number> {
  acceptedAfter = [];
  finished = 0;
  let client: net.Socket | undefined;
  const tasks = Array.from({ length: QUEUED }, (_, i) =>
    queue(async () => {
      if (i === 0) client = net.connect(port, '127.0.0.1').on('error', () => undefined);
      await Promise.resolve();
      finished++;
    }),
  );
  await Promise.all(tasks);
  while (acceptedAfter.length === 0) await new Promise((resolve) => setImmediate(resolve));
  client?.destroy();
  return acceptedAfter[0]!;
}

describe('queued work and the event loop', () => {
  it('the turn queue lets a connection in between two turns', async () => {
    const turns = new TurnQueue(10_000);
    expect(await acceptedDuring((task) => turns.run(task))).toBeLessThan(10);
  });

  it('the write queue lets a connection in between two writes', async () => {
    expect(await acceptedDuring(enqueue)).toBeLessThan(10);
  });
});
