import { z } from 'zod';
import { environmentSchema } from '../config.js';
import { packageInfo } from '../version.js';
import type { Outcomes } from '../kernel/outcome.js';
import { plans } from '../access/plans.js';

const commands: Array<[string, string]> = [
  ['serve', 'Serve REST (/api/agents/*) and MCP over Streamable HTTP (POST /mcp) on HOST:PORT. The default command.'],
  ['stdio', 'Serve MCP over stdio for a local client (Claude Desktop, Claude Code, Cursor). stdout carries only JSON-RPC; logs go to stderr.'],
  ['accounts create', 'accounts create --name NAME [--plan starter|pro|none] [--email E] [--json] → {"account_id"}  (--email: where dashboard sign-in links go)'],
  ['keys create', 'keys create --account ID --scopes "a,b"|"*" [--name N] [--json] → {"key_id","secret","scopes"} (secret shown once)'],
  ['keys list', 'keys list --account ID [--json]'],
  ['keys revoke', 'keys revoke KEY_ID'],
  ['plan activate', 'plan activate --account ID [--plan starter|pro] [--limit UNITS]  (cycles are monthly from activation)'],
  ['plan deactivate', 'plan deactivate --account ID'],
  ['usage', 'usage --account ID [--json]'],
  ['dashboard link', 'dashboard link --account ID [--json] → a one-time sign-in link to /dashboard (works once, 15 minutes; PUBLIC_BASE_URL or HOST:PORT)'],
  ['migrate', 'Bring the database up to this release (start-up does it too, under a lock on PostgreSQL). [--json]'],
  ['backup', 'backup --out FILE  (SQLite: online backup API; PostgreSQL: pg_dump custom format)'],
  ['restore', 'restore --from FILE  (a backup of the same kind of store; stop the servers first)'],
  ['help', 'Show this help.'],
  ['version', 'Print the version.'],
];

const options: Array<[string, string]> = [
  ['--data-dir DIR', 'Same as DATA_DIR (every command).'],
  ['--json', 'Machine-readable output (admin commands).'],
  ['-h, --help', 'Show this help.'],
  ['-v, --version', 'Print the version.'],
];

/** The help text; its environment section is generated from the config schema. */
export function helpText(outcomes: Outcomes): string {
  const variables = (z.toJSONSchema(environmentSchema, { io: 'input' }).properties ?? {}) as Record<string, { description?: string; default?: unknown }>;
  const pad = (text: string, width: number) => text.padEnd(width);
  const lines = [
    `agent-outcomes ${packageInfo.version}: finished business outcomes for AI agents, over MCP and REST.`,
    '',
    'Usage: agent-outcomes [command] [options]',
    '',
    'Commands:',
    ...[...commands.slice(0, 3), ...outcomes.commands.map((command): [string, string] => [command.name, command.usage]), ...commands.slice(3)].map(([name, text]) => `  ${pad(name, 18)}${text}`),
    '',
    'Options:',
    ...options.map(([name, text]) => `  ${pad(name, 16)}${text}`),
    '',
    'Environment:',
    ...Object.entries(variables).map(([name, spec]) => {
      const fallback = spec.default === undefined ? '' : ` (default: ${JSON.stringify(spec.default)})`;
      return `  ${pad(name, 24)}${spec.description ?? ''}${fallback}`;
    }),
    '',
    'Examples:',
    '  npx agent-outcomes serve                      # http://127.0.0.1:8787',
    '  PORT=9000 DATA_DIR=/var/lib/agent-outcomes npx agent-outcomes serve',
    '  npx agent-outcomes stdio                      # for an MCP client config',
    '  npx agent-outcomes accounts create --name Acme --json',
    '  npx agent-outcomes dashboard link --account acct_…  # sign in to http://127.0.0.1:8787/dashboard',
    `  npx agent-outcomes keys create --account acct_… --scopes "${outcomes.scopes.find((scope) => scope.endsWith(':write')) ?? '*'},jobs:read"`,
    '',
    `Scopes: ${outcomes.scopes.join(', ')} (a family's :write implies its :read).`,
    `Plans: ${Object.entries(plans)
      .map(([name, plan]) => `${name} (${plan.monthlyUnits} units/month, ${plan.behavior === 'block' ? 'blocks at the limit' : 'bills overage'})`)
      .join(', ')}.`,
  ];
  return `${lines.join('\n')}\n`;
}
