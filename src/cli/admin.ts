import pino from 'pino';
import { configuredBaseUrl, type Config } from '../config.js';
import { DashboardSessions } from '../dashboard/sessions.js';
import { openStore, type Store } from '../store/store.js';
import { Access } from '../access/access.js';
import { isPlanName, planNames, type PlanName } from '../access/plans.js';
import { parseScopes } from '../kernel/scopes.js';
import type { Outcomes } from '../kernel/outcome.js';
import { OutcomeError } from '../kernel/errors.js';

export interface AdminArgs {
  command: string;
  subcommand: string | undefined;
  positionals: string[];
  values: {
    name?: string;
    plan?: string;
    json?: boolean;
    account?: string;
    scopes?: string;
    limit?: string;
    email?: string;
    /** Options of the modules' commands. */
    [option: string]: string | boolean | undefined;
  };
}

const adminCommands = new Set(['accounts', 'keys', 'plan', 'usage', 'dashboard']);
/** Whether a first word names one of the CLI's own database commands (modules' commands are looked up in `Outcomes`). */
export const isAdminCommand = (command: string) => adminCommands.has(command);

const need = (value: string | undefined, flag: string, example: string): string => {
  if (!value) throw new OutcomeError('invalid_input', `${flag} is required, e.g. ${example}.`);
  return value;
};

function planOption(value: string | undefined, fallback: PlanName | null): PlanName | null {
  if (value === undefined) return fallback;
  if (value === 'none') return null;
  if (!isPlanName(value)) throw new OutcomeError('invalid_input', `--plan must be one of ${[...planNames, 'none'].join(', ')}, not "${value}".`);
  return value;
}

function limitOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new OutcomeError('invalid_input', `--limit must be a whole number of units, not "${value}".`);
  return Number(value);
}

/** What a command prints: JSON with --json, else a line for people. */
type Printed = { json: unknown; text: string };

async function execute(access: Access, outcomes: Outcomes, args: AdminArgs, store: Store, config: Config): Promise<Printed> {
  const { command, subcommand, values } = args;
  const account = () => need(values.account, '--account', '--account acct_…');
  const name = `${command} ${subcommand ?? ''}`.trim();
  const moduleCommand = outcomes.commands.find((candidate) => candidate.name === name);
  if (moduleCommand) {
    const options = Object.fromEntries(moduleCommand.options.map((option) => [option, values[option] as string | undefined]));
    return moduleCommand.run(options, store, () => new Date());
  }
  switch (name) {
    case 'accounts create': {
      // No plan unless asked: metered calls need an explicit activation.
      const plan = planOption(values.plan, null);
      let created = await access.accounts.create({ name: need(values.name, '--name', '--name "Acme"'), plan });
      // The holder's address for emailed dashboard sign-in links.
      if (values.email !== undefined) created = await access.accounts.setEmail(created.id, values.email);
      return {
        json: { account_id: created.id, name: created.name, plan: created.plan, email: created.email },
        text: `Created account ${created.id} (${created.name}), plan ${created.plan ?? 'none'}${created.email ? `, signs in as ${created.email}` : ''}.`,
      };
    }
    case 'dashboard link': {
      const accountId = account();
      await access.accounts.require(accountId);
      const link = await new DashboardSessions(store, () => new Date()).link(accountId, `${configuredBaseUrl(config)}/dashboard`);
      return { json: link, text: `Open this link to sign in to the dashboard (it works once, until ${link.expires_at}):\n${link.url}` };
    }
    case 'keys create': {
      const accountId = account();
      await access.accounts.require(accountId);
      const scopes = parseScopes(need(values.scopes, '--scopes', '--scopes "jobs:read,usage:read" or --scopes "*"'), outcomes.scopes);
      const key = await access.keys.create({ accountId, scopes, name: values.name });
      return {
        json: { key_id: key.key_id, secret: key.secret, scopes: key.scopes },
        text: `Created key ${key.key_id} with scopes ${key.scopes.join(', ')}.\nSecret (shown once, store it now):\n${key.secret}`,
      };
    }
    case 'keys list': {
      const keys = await access.keys.list(account());
      const lines = keys.map(
        (key) => `${key.key_id}  ${key.prefix}  ${key.name}  [${key.scopes.join(', ')}]  ${key.revoked_at ? `revoked ${key.revoked_at}` : `last used ${key.last_used_at ?? 'never'}`}`,
      );
      return { json: { keys }, text: lines.length ? lines.join('\n') : 'No keys.' };
    }
    case 'keys revoke': {
      const keyId = need(args.positionals[0], 'KEY_ID', 'agent-outcomes keys revoke key_…');
      const key = await access.keys.revoke(keyId);
      return { json: key, text: `Revoked ${key.key_id} at ${key.revoked_at}.` };
    }
    case 'plan activate': {
      const plan = planOption(values.plan, 'starter');
      if (plan === null) throw new OutcomeError('invalid_input', '--plan none does not activate anything; to remove the plan use: agent-outcomes plan deactivate --account ID.');
      const updated = await access.accounts.activatePlan(account(), plan, limitOption(values.limit));
      return {
        json: { account_id: updated.id, plan: updated.plan, plan_activated_at: updated.plan_activated_at, unit_limit: updated.unit_limit },
        text: `Account ${updated.id} is on the ${updated.plan} plan${updated.unit_limit !== null ? ` with a limit of ${updated.unit_limit} units a cycle` : ''}; cycles are anchored at ${updated.plan_activated_at}.`,
      };
    }
    case 'plan deactivate': {
      const updated = await access.accounts.deactivatePlan(account());
      return { json: { account_id: updated.id, plan: null }, text: `Account ${updated.id} has no active plan: metered tools now answer 402.` };
    }
    case 'usage': {
      const report = await access.meter.report(account());
      const text = report.active
        ? `Plan ${report.plan}: ${report.used}/${report.limit} units used, ${report.remaining} remaining; cycle ${report.cycle.start} → ${report.cycle.end}.` +
          report.per_tool.map((row) => `\n  ${row.tool}: ${row.calls} calls, ${row.units} units`).join('')
        : `No active plan. ${report.activation.how}`;
      return { json: report, text };
    }
    default:
      throw new OutcomeError('invalid_input', `unknown command "${[command, subcommand].filter(Boolean).join(' ')}"`);
  }
}

/** Account administration straight on the database (the server may be running: SQLite WAL allows it). */
export async function runAdmin(config: Config, outcomes: Outcomes, args: AdminArgs): Promise<number> {
  const store = await openStore(config.database, pino({ level: 'silent' }), outcomes.migrations);
  try {
    const printed = await execute(new Access(store, () => new Date()), outcomes, args, store, config);
    process.stdout.write(`${args.values.json ? JSON.stringify(printed.json, null, 2) : printed.text}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof OutcomeError)) throw error;
    process.stderr.write(`agent-outcomes: ${error.message}\n`);
    return error.code === 'not_found' ? 1 : 2;
  } finally {
    await store.close();
  }
}
