import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import type { Tool } from '../kernel/tool.js';
import { packageInfo } from '../version.js';
import { helpText } from './help.js';

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** The catalogue to serve (tests add test-only tools). */
  tools?: readonly Tool[];
}

const usageError = (message: string) => {
  process.stderr.write(`agent-outcomes: ${message}\nRun \`agent-outcomes --help\` for the commands and settings.\n`);
  return 2;
};

/** Runs one CLI command; resolves with the process exit code. */
export async function runCli(argv: string[], options: CliOptions = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        'data-dir': { type: 'string' },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const [command = 'serve', ...rest] = parsed.positionals;
  if (parsed.values.help || command === 'help') {
    process.stdout.write(helpText());
    return 0;
  }
  if (parsed.values.version || command === 'version') {
    process.stdout.write(`${packageInfo.version}\n`);
    return 0;
  }
  if (rest.length) return usageError(`unexpected argument "${rest[0]}" after ${command}`);
  if (command !== 'serve' && command !== 'stdio') return usageError(`unknown command "${command}"`);

  const env = { ...(options.env ?? process.env) };
  if (parsed.values['data-dir']) env.DATA_DIR = parsed.values['data-dir'];
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`agent-outcomes: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  // Loaded here so that `--help` stays instant.
  const { createApp } = await import('../app.js');
  const app = await createApp({ config, tools: options.tools });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'draining');
    void app.close();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  try {
    if (command === 'stdio') {
      await app.serveStdio();
      await app.close();
      return 0;
    }
    const { server } = await app.listen();
    await new Promise<void>((resolve) => server.once('close', () => resolve()));
    await app.close();
    return 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is already in use; set PORT to a free port`
        : code === 'EACCES'
          ? `not allowed to listen on ${config.host}:${config.port}; pick a port above 1023`
          : (error as Error).message;
    app.log.fatal({ err: error }, message);
    await app.close();
    process.stderr.write(`agent-outcomes: ${message}\n`);
    return 1;
  }
}
