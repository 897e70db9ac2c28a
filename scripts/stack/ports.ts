/** Port checks, so a taken port is reported by name before anything is started. */
import net from 'node:net';

export const HOST = '127.0.0.1';

/** Resolves whether the port can be bound on the loopback address right now. */
export function isPortFree(port: number, host = HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free now (for processes that must be told their port up front). */
export function freePort(host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PortClaim {
  port: number;
  service: string;
}

export class PortInUseError extends Error {
  constructor(readonly taken: PortClaim[]) {
    super(
      taken
        .map(
          ({ port, service }) =>
            `Port ${port} (${service}) is already in use – is another stack or \`supabase start\` running?`,
        )
        .join('\n'),
    );
    this.name = 'PortInUseError';
  }
}

/** Checks every fixed port (0 = any, skipped) and throws one error naming all taken ones. */
export async function assertPortsFree(claims: PortClaim[]): Promise<void> {
  const fixed = claims.filter((claim) => claim.port !== 0);
  const free = await Promise.all(fixed.map((claim) => isPortFree(claim.port)));
  const taken = fixed.filter((_, i) => !free[i]);
  if (taken.length > 0) throw new PortInUseError(taken);
}

export function listen(server: net.Server, port: number, host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen({ port, host }, () => {
      server.removeListener('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
