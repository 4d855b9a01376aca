import pino, { type Logger } from 'pino';

/** JSON lines on stderr: stdout belongs to MCP stdio's JSON-RPC. */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ fd: 2, sync: false })): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      // Belt and braces: credentials never reach a log line even if an object carrying them is logged.
      redact: {
        paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.secret', 'secret', 'cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export type { Logger };
