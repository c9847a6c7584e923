// The mail thread's code (started by ./mail-thread.ts): composes messages and delivers stored ones,
// so that nodemailer's MIME encoding, the SMTP conversation and the .eml file's write run beside
// the event loop that answers requests. It keeps one transport per destination and nothing else;
// the outbox (what waits, what was sent) stays with the database, on the main thread.
import { parentPort, threadId } from 'node:worker_threads';
import { composeMessage, oneByOne, transportTo, type Destination, type OutboxTransport } from './compose';
import { threadError, type ThreadReply, type ThreadRequest } from './thread-messages';

const transports = new Map<string, OutboxTransport>();

function transportFor(destination: Destination): OutboxTransport {
  const key = `${destination.smtpUrl ?? ''}\n${destination.outboxDir}`;
  let transport = transports.get(key);
  if (!transport) transports.set(key, (transport = oneByOne(transportTo(destination))));
  return transport;
}

async function handle(request: ThreadRequest): Promise<ThreadReply> {
  if (request.kind === 'compose') return { id: request.id, threadId, ok: true, value: await composeMessage(request.mail) };
  const outcomes = await transportFor(request.destination).deliverAll(request.mails);
  return { id: request.id, threadId, ok: true, value: outcomes.map((err) => (err === null ? null : threadError(err))) };
}

const port = parentPort;
if (!port) throw new Error('server/mail/thread-entry.ts runs as a worker thread (server/mail/mail-thread.ts starts it)');
port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (reply) => port.postMessage(reply),
    (err: unknown) => port.postMessage({ id: request.id, threadId, ok: false, error: threadError(err) } satisfies ThreadReply),
  );
});
