import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { Outcomes, type OutcomeModule } from '../kernel/outcome.js';
import { packageInfo } from '../version.js';
import { helpText } from './help.js';
import { isAdminCommand, runAdmin } from './admin.js';

/** Commands on the store itself (src/cli/database.ts, loaded only for them). */
const databaseCommands = new Set(['migrate', 'backup', 'restore']);

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** The outcome modules to serve (tests add a test-only one); `tools/index.ts`'s by default. */
  modules?: readonly OutcomeModule[];
  /** Modules exporting `tasks` for those tools (see AppOptions). */
  taskModules?: readonly string[];
}

const usageError = (message: string) => {
  process.stderr.write(`agent-outcomes: ${message}\nRun \`agent-outcomes --help\` for the commands and settings.\n`);
  return 2;
};

/** Runs one CLI command; resolves with the process exit code. A database that cannot be reached is a message, not a stack trace. */
export async function runCli(argv: string[], options: CliOptions = {}): Promise<number> {
  try {
    return await runCommand(argv, options);
  } catch (error) {
    if ((error as Error).name !== 'StoreUnavailable') throw error;
    process.stderr.write(`agent-outcomes: ${(error as Error).message}\n`);
    return 1;
  }
}

async function runCommand(argv: string[], options: CliOptions): Promise<number> {
  // The modules bring commands of their own (and the scopes --help lists).
  const outcomes = new Outcomes(options.modules ?? (await import('../app.js')).defaultModules);
  const moduleOptions = Object.fromEntries(outcomes.commands.flatMap((command) => command.options).map((name) => [name, { type: 'string' as const }]));
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
        json: { type: 'boolean' },
        name: { type: 'string' },
        plan: { type: 'string' },
        account: { type: 'string' },
        scopes: { type: 'string' },
        limit: { type: 'string' },
        email: { type: 'string' },
        out: { type: 'string' },
        from: { type: 'string' },
        ...moduleOptions,
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const [command = 'serve', ...rest] = parsed.positionals;
  if (parsed.values.help || command === 'help') {
    process.stdout.write(helpText(outcomes));
    return 0;
  }
  if (parsed.values.version || command === 'version') {
    process.stdout.write(`${packageInfo.version}\n`);
    return 0;
  }
  const admin = isAdminCommand(command) || outcomes.commands.some((candidate) => candidate.name.split(' ')[0] === command);
  const database = databaseCommands.has(command);
  if (command !== 'serve' && command !== 'stdio' && !admin && !database) return usageError(`unknown command "${command}"`);
  if (!admin && rest.length) return usageError(`unexpected argument "${rest[0]}" after ${command}`);

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

  if (database) {
    const { runDatabaseCommand } = await import('./database.js');
    return runDatabaseCommand(config, outcomes, command, parsed.values);
  }
  if (admin) {
    const subcommand = command === 'usage' ? undefined : rest[0];
    const positionals = command === 'usage' ? rest : rest.slice(1);
    return runAdmin(config, outcomes, { command, subcommand, positionals, values: parsed.values });
  }

  // Loaded here so that `--help` stays instant.
  const { createApp } = await import('../app.js');
  const app = await createApp({ config, modules: outcomes.modules, taskModules: options.taskModules });
  const bootstrapped = await app.bootstrap();
  if (bootstrapped) {
    // The one time the secret is shown: on stderr (stdout belongs to stdio's JSON-RPC) and in a 0600 file.
    process.stderr.write(
      `\nagent-outcomes: first start. Created the local owner account ${bootstrapped.accountId} (starter plan)\n` +
        `and a full-scope agent key, saved to ${bootstrapped.file}:\n\n  ${bootstrapped.secret}\n\n` +
        `Use it as: Authorization: Bearer <key>   (BOOTSTRAP=false turns this off)\n\n`,
    );
  }
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
