// A port the system has just handed out, for a test's own server or child process. Test files run
// in parallel, so a port drawn from a fixed range collides with another file's (or with a service of
// the machine, such as Erlang's 4369); the system's own choice does not.
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
