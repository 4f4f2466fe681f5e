import { createServer } from 'node:net';
import { StartupError } from './errors.ts';

/** The one line an operator reads when the HTTP port cannot be had, or null for another failure. */
export function httpListenError(err: unknown, port: number, host: string): StartupError | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupError(`PORT ${port} is already in use: stop the other program or set PORT to a free port`);
  }
  if (code === 'EACCES') {
    return new StartupError(`PORT ${port} is not allowed for this user: set PORT to 1024 or above`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(
      `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0`,
    );
  }
  return null;
}

/**
 * Takes the HTTP port for a moment and lets it go, before the database opens: the program already
 * on the port is most often this server started twice, and a second process must not open (and
 * migrate) the same embedded database. Listening later still reports a port lost in between.
 */
export async function checkHttpPort(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) => reject(httpListenError(err, port, host) ?? err));
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });
}
