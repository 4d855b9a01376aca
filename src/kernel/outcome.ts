import type { Tool } from './tool.js';
import type { PublicRoute } from './public-route.js';
import { platformScopes, type Scope } from './scopes.js';
import { idPrefixPattern, platformIds } from './ids.js';
import type { FileMaker, ScheduledTaskContext, StoreHandle } from './context.js';
import type { Resource } from './resource.js';
import type { StripeEventHandler } from './webhook.js';
import type { DashboardRecent, DashboardSettings, DashboardContribution } from './dashboard.js';

/**
 * One outcome, declared in one place (`tools/<outcome>/index.ts`): its tools, the pages it
 * serves to people without a key, its scopes, its id prefixes, its tables' migrations and its
 * command-line commands. `tools/index.ts` lists the modules; everything the platform needs
 * from them is derived here (`Outcomes`), so that `src/` names no outcome and a new outcome
 * is one folder and one line.
 */
export interface OutcomeModule {
  /** The folder's name: `invoice`, `widgets`. */
  name: string;
  tools: readonly Tool[];
  publicRoutes?: readonly PublicRoute[];
  /** The scopes its tools need: usually `readWrite('family')`; platform scopes need not be listed. */
  scopes?: readonly Scope[];
  /** Kind → prefix of the ids it hands out, e.g. `{ draft: 'drf', invoice: 'inv' }`. */
  ids?: Readonly<Record<string, string>>;
  /**
   * Its tables' migrations, named `NNNN_what`: all modules' and the platform's run in the order
   * of their names, so a new one takes the next free number. Never edit one that has shipped.
   */
  migrations?: Readonly<Record<string, Migration>>;
  commands?: readonly OutcomeCommand[];
  /** Its artifacts as MCP resources (`defineResource`): read with resources/read, linked from its tools' results. */
  resources?: readonly Resource[];
  /** Stripe event type → its handler, called by the platform's `POST /webhooks/stripe` once the signature is checked. */
  stripeEvents?: Readonly<Record<string, StripeEventHandler>>;
  /** Work its tools, routes and webhooks schedule for later (`ctx.jobs.schedule`), run by the job queue. */
  scheduled?: readonly ScheduledTask[];
  /** Makers of the files its tools save for later (`ctx.files.saveLater`), run on a file's first download. */
  fileMakers?: readonly FileMaker[];
  /** What the account holder's dashboard shows of it: recent results, settings forms. */
  dashboard?: DashboardContribution;
}

/**
 * A kind of work run by the job queue at its time, not called by anyone: its input is what the
 * scheduler stored. It must be idempotent (a crash re-runs it) and must re-check, when it runs,
 * that the work is still due (the member may have left, the course may have changed).
 */
export interface ScheduledTask {
  /** Unique across modules and tools, e.g. `membership_email`. */
  kind: string;
  run(input: unknown, ctx: ScheduledTaskContext): Promise<unknown>;
}

/** A schema change: `db` is the store's query builder (Kysely), which the kernel does not know. */
export interface Migration {
  up(db: unknown): Promise<void>;
  down?(db: unknown): Promise<void>;
}

/** A command of `agent-outcomes`, e.g. `accounts update --account ID --seller-name N`. */
export interface OutcomeCommand {
  /** One or two words: `accounts update`. */
  name: string;
  /** The line `--help` shows. */
  usage: string;
  /** Its `--options` (all strings), without the leading dashes. */
  options: readonly string[];
  /** What it prints: JSON with --json, else a line for people. A bad option throws an OutcomeError. */
  run(options: Record<string, string | undefined>, store: StoreHandle, now: () => Date): Promise<{ json: unknown; text: string }>;
}

const migrationName = /^\d{4}_[a-z0-9_]+$/;

/** Declares a module, checking what can be checked alone (the rest is checked across modules by `Outcomes`). */
export function defineOutcome(module: OutcomeModule): OutcomeModule {
  const where = `Outcome module "${module.name}"`;
  const scopes = new Set<string>([...platformScopes, ...(module.scopes ?? [])]);
  for (const tool of module.tools) {
    if (!scopes.has(tool.scope)) throw new Error(`${where}: tool ${tool.name} needs the scope "${tool.scope}", which the module does not declare`);
  }
  for (const [kind, prefix] of Object.entries(module.ids ?? {})) {
    if (!idPrefixPattern.test(prefix)) throw new Error(`${where}: the id prefix of ${kind} ("${prefix}") must be 2 to 4 lower-case letters`);
  }
  for (const name of Object.keys(module.migrations ?? {})) {
    if (!migrationName.test(name)) throw new Error(`${where}: migration "${name}" must be named like "0008_${module.name}_what"`);
  }
  return module;
}

/** Everything derived from the list of modules, checked for clashes between them and with the platform. */
export class Outcomes {
  readonly tools: readonly Tool[];
  readonly publicRoutes: readonly PublicRoute[];
  /** Every scope a key may hold: the platform's and the modules'. */
  readonly scopes: readonly Scope[];
  /** Every id prefix in use, with what it names (`inv` → `invoice.invoice`). */
  readonly idPrefixes: ReadonlyMap<string, string>;
  readonly migrations: Readonly<Record<string, Migration>>;
  readonly commands: readonly OutcomeCommand[];
  readonly resources: readonly Resource[];
  /** Stripe event type → every module's handler for it, in module order. */
  readonly stripeEvents: ReadonlyMap<string, readonly StripeEventHandler[]>;
  /** Scheduled task kind → its task. */
  readonly scheduled: ReadonlyMap<string, ScheduledTask>;
  /** File maker name → its maker. */
  readonly fileMakers: ReadonlyMap<string, FileMaker>;
  /** The dashboard's "at a glance" lists and settings forms, in module order. */
  readonly dashboardRecent: readonly DashboardRecent[];
  readonly dashboardSettings: readonly DashboardSettings[];

  constructor(readonly modules: readonly OutcomeModule[]) {
    const owners = new Map<string, string>();
    const claim = (kind: string, key: string, owner: string) => {
      const taken = owners.get(`${kind} ${key}`);
      if (taken) throw new Error(`The ${kind} "${key}" is declared by both ${taken} and ${owner}`);
      owners.set(`${kind} ${key}`, owner);
    };
    for (const module of modules) claim('module', module.name, module.name);
    const idPrefixes = new Map<string, string>(Object.entries(platformIds).map(([kind, prefix]) => [prefix, `platform.${kind}`]));
    for (const [prefix, owner] of idPrefixes) claim('id prefix', prefix, owner);
    for (const module of modules) {
      for (const [kind, prefix] of Object.entries(module.ids ?? {})) {
        claim('id prefix', prefix, `${module.name}.${kind}`);
        idPrefixes.set(prefix, `${module.name}.${kind}`);
      }
      for (const name of Object.keys(module.migrations ?? {})) claim('migration', name, module.name);
      for (const command of module.commands ?? []) claim('command', command.name, module.name);
      for (const route of module.publicRoutes ?? []) claim('public route', `${route.method} ${route.path}`, module.name);
      for (const resource of module.resources ?? []) claim('resource', resource.name, module.name);
      // A job's `tool` is a tool's name or a task's kind: they share one namespace.
      for (const tool of module.tools) claim('job kind', tool.name, module.name);
      for (const task of module.scheduled ?? []) claim('job kind', task.kind, module.name);
      for (const maker of module.fileMakers ?? []) claim('file maker', maker.name, module.name);
      for (const settings of module.dashboard?.settings ?? []) claim('dashboard settings', settings.id, module.name);
    }
    this.tools = modules.flatMap((module) => module.tools);
    this.publicRoutes = modules.flatMap((module) => module.publicRoutes ?? []);
    this.scopes = [...new Set<Scope>([...modules.flatMap((module) => module.scopes ?? []), ...platformScopes])];
    this.idPrefixes = idPrefixes;
    this.migrations = Object.fromEntries(modules.flatMap((module) => Object.entries(module.migrations ?? {})));
    this.commands = modules.flatMap((module) => module.commands ?? []);
    this.resources = modules.flatMap((module) => module.resources ?? []);
    const stripeEvents = new Map<string, StripeEventHandler[]>();
    for (const module of modules) {
      for (const [type, handler] of Object.entries(module.stripeEvents ?? {})) stripeEvents.set(type, [...(stripeEvents.get(type) ?? []), handler]);
    }
    this.stripeEvents = stripeEvents;
    this.scheduled = new Map(modules.flatMap((module) => module.scheduled ?? []).map((task) => [task.kind, task]));
    this.fileMakers = new Map(modules.flatMap((module) => module.fileMakers ?? []).map((maker) => [maker.name, maker]));
    this.dashboardRecent = modules.flatMap((module) => module.dashboard?.recent ?? []);
    this.dashboardSettings = modules.flatMap((module) => module.dashboard?.settings ?? []);
  }
}
