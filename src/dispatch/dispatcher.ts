import type { Logger } from 'pino';
import type { Caller } from '../kernel/caller.js';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError, invalidInput, type ErrorEnvelope } from '../kernel/errors.js';
import { unknownFields } from '../kernel/unknown-fields.js';
import { closestField, knownFieldsAt } from '../kernel/known-fields.js';
import { excerpt, quote } from '../kernel/quote.js';
import type { JobHandle } from '../kernel/job-handle.js';
import type { Tool } from '../kernel/tool.js';
import type { ScheduledTask } from '../kernel/outcome.js';
import type { ToolContext } from '../kernel/context.js';
import type { Store } from '../store/store.js';
import type { JobQueue, JobProgress, JobRow } from '../jobs/queue.js';
import type { JobExecutor } from '../jobs/worker.js';
import type { Sampler } from '../kernel/generation.js';
import { generate, type LlmClient } from '../compose/generate.js';
import type { Access } from '../access/access.js';
import type { Files } from '../files/files.js';
import type { Mailer, PaymentGateway } from '../kernel/context.js';
import type { Reservation, UsageState } from '../access/usage.js';
import { newId, platformIds } from '../kernel/ids.js';
import { checkInputDepth } from '../kernel/json-depth.js';
import { yieldToEventLoop } from '../kernel/event-loop.js';
import { CallBudget, type ComputePool } from '../compute/pool.js';
import type { ResourceBody, ResourceLink, ResourceRegistry } from '../kernel/resource.js';
import { grants } from '../kernel/scopes.js';

export interface CallOptions {
  caller: Caller;
  requestId: string;
  log: Logger;
  signal?: AbortSignal;
  /** Run on the job queue even if the tool is sync (REST `Prefer: respond-async`). */
  async?: boolean;
  /** How long to wait for a queued job's result before answering with its handle. */
  waitMs?: number;
  onProgress?: (progress: JobProgress) => void;
  /** The MCP client's model, when it offers sampling (inline calls only: a job outlives the request). */
  sampler?: Sampler;
}

/** How many unknown fields a refusal names (with their suggestions); the rest are counted. */
const maxReportedFields = 10;
/** An input holding more arrays and objects than this is checked in several turns of the event loop (parseInput). */
const bulkyContainers = 10_000;

/** Failures of awaited jobs: the job's run counted them as refusals already (executeJob). */
const countedByJob = new WeakSet<OutcomeError>();

// A call without a signal of its own cannot be cancelled: one shared signal serves them all.
const neverAborted = new AbortController().signal;

/** `usage` is where a metered call left the account's cycle (for RateLimit headers). */
export type CallOutcome = { kind: 'result'; output: Record<string, unknown>; usage?: UsageState } | { kind: 'job'; handle: JobHandle; usage?: UsageState };

export interface DispatcherOptions {
  catalogue: Catalogue;
  /** The outcomes' artifacts as MCP resources. */
  resources: ResourceRegistry;
  store: Store;
  access: Access;
  files: Files;
  payments: PaymentGateway | null;
  /** Email through SMTP_URL, or null. */
  mail?: Mailer | null;
  /** The modules' scheduled tasks, by kind: a job whose `tool` names one runs it. */
  scheduled?: ReadonlyMap<string, ScheduledTask>;
  /** The OpenAI-compatible endpoint (LLM_BASE_URL), or null. */
  llm: LlmClient | null;
  jobs: JobQueue;
  baseUrl: () => string;
  validateOutput: boolean;
  /** Worker threads for the tools' CPU-heavy tasks. */
  compute: ComputePool;
  /** Computing time an inline call may use (CALL_BUDGET_MS); a job gets `jobBudgetMs`. */
  callBudgetMs: number;
  jobBudgetMs: number;
  /** Parent logger of jobs' logs (request-scoped loggers come with each call). */
  log: Logger;
  now?: () => Date;
}

/**
 * The one path every call takes, whatever the transport: check the caller's scope, validate
 * the input with the tool's schema, reserve its units (plan and limit), run it inline or on
 * the job queue, check its output, and commit the units on success or release them on
 * failure. Transports authenticate the Caller and translate the outcome.
 */
export class Dispatcher {
  private readonly now: () => Date;

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Validates with the tool's schema. Unknown fields, at any depth, are refused with their
   * paths: a misspelt optional field would otherwise be dropped without a word.
   */
  private async parseInput(tool: Tool, raw: unknown): Promise<Record<string, unknown>> {
    // A bulky input (a transcript of 45,000 segments) takes tens of milliseconds a step: each step gets a
    // turn of the event loop of its own, so that others' requests are answered between them.
    const bulky = checkInputDepth(raw, `The input for ${tool.name}`) > bulkyContainers;
    if (bulky) await yieldToEventLoop();
    const parsed = tool.input.safeParse(raw ?? {});
    if (!parsed.success) throw invalidInput(parsed.error, `input for ${tool.name}`, unknownFieldIssues(tool, topLevelUnknown(tool, raw)).map(publicIssue));
    if (bulky) await yieldToEventLoop();
    const unknown = unknownFields(raw, parsed.data);
    if (unknown.length) {
      const issues = unknownFieldIssues(tool, unknown);
      const [first] = issues as [(typeof issues)[number]];
      const more = unknown.length > issues.length ? ` and ${unknown.length - issues.length} more` : '';
      const fields = first.allowed.length ? `; ${first.parent ? `${quote(first.parent)} takes` : 'the fields are'} ${first.allowed.join(', ')}.` : "; see the tool's inputSchema for the fields.";
      throw new OutcomeError(
        'invalid_input',
        `Invalid input for ${tool.name}. Unknown field${unknown.length > 1 ? 's' : ''} ${issues.map((issue) => `"${issue.path}"${issue.did_you_mean ? ` (did you mean "${issue.did_you_mean}"?)` : ''}`).join(', ')}${more}${fields}`,
        { details: { issues: issues.map(publicIssue) } },
      );
    }
    if (bulky) await yieldToEventLoop();
    return parsed.data;
  }

  /** Every call: the refusal budget first, then the call; a refusal counts against the account. */
  async call(tool: Tool, raw: unknown, options: CallOptions): Promise<CallOutcome> {
    const { access } = this.options;
    access.checkRefusals(options.caller);
    try {
      return await this.callAuthorized(tool, raw, options);
    } catch (error) {
      if (error instanceof OutcomeError && !countedByJob.has(error)) access.countRefusal(options.caller, error);
      throw error;
    }
  }

  private async callAuthorized(tool: Tool, raw: unknown, options: CallOptions): Promise<CallOutcome> {
    const { access, jobs } = this.options;
    access.authorize(tool, options.caller);
    // Plan and limit come before the input: a refused account learns it whatever it sends.
    const reservation = await this.reserve(tool, options);
    let output: Record<string, unknown> | undefined;
    let replayed = false;
    let jobId: string | undefined;
    try {
      const input = await this.parseInput(tool, raw);
      if (tool.mode === 'job' || options.async === true || tool.runsAsJob?.(input) === true) {
        jobId = newId(platformIds.job);
        // A queued call's reservation points at its job, so that settling the job commits or releases it.
        if (reservation) await access.meter.attachToJob(reservation, jobId);
        await jobs.enqueue({ id: jobId, tool: tool.name, input: raw ?? {}, caller: options.caller, requestId: options.requestId });
      } else {
        output = await this.run(tool, input, {
          caller: options.caller,
          requestId: options.requestId,
          log: options.log,
          signal: options.signal ?? neverAborted,
          budget: new CallBudget(this.options.callBudgetMs, 'inline', `run it as a job (REST: Prefer: respond-async), which may compute for ${Math.round(this.options.jobBudgetMs / 1000)} s`),
          progress: async (progress) => options.onProgress?.(progress),
          sampler: options.sampler,
          onReplay: () => {
            replayed = true;
          },
        });
      }
    } catch (error) {
      if (reservation) await access.meter.release(reservation);
      throw error;
    }
    if (jobId) return this.awaitJob(jobId, options, reservation);
    // A call that only returned an earlier outcome (an idempotent replay) is not charged again.
    if (reservation) await (replayed ? access.meter.release(reservation) : access.meter.commit(reservation));
    return { kind: 'result', output: output as Record<string, unknown>, usage: reservation?.state };
  }

  /** Metered tools (cost > 0) need an active plan and units left; free ones need neither. */
  private reserve(tool: Tool, options: CallOptions): Promise<Reservation | undefined> {
    if (tool.cost <= 0) return Promise.resolve(undefined);
    return this.options.access.meter.reserve(options.caller.accountId, tool.name, tool.cost, { requestId: options.requestId });
  }

  private async awaitJob(jobId: string, options: CallOptions, reservation: Reservation | undefined): Promise<CallOutcome> {
    const row = await this.options.jobs.waitFor(jobId, options.caller, options.waitMs ?? 0, {
      onProgress: options.onProgress,
      signal: options.signal,
    });
    if (row.status === 'succeeded') return { kind: 'result', output: JSON.parse(row.result ?? '{}') as Record<string, unknown>, usage: reservation?.state };
    if (row.status === 'failed') {
      const failure = OutcomeError.fromEnvelope(JSON.parse(row.error ?? '{}') as ErrorEnvelope);
      countedByJob.add(failure);
      throw failure;
    }
    return { kind: 'job', handle: this.jobHandle(row), usage: reservation?.state };
  }

  /** Reads an artifact (an MCP resource) for a caller: its account's only, and with the resource's scope. */
  async readResource(uri: string, caller: Caller, log: Logger): Promise<ResourceBody & { ttlMs: number }> {
    const { resources, store, files, baseUrl } = this.options;
    return resources.read(uri, { caller, store, files, baseUrl: baseUrl(), now: this.now, log }, (scope) => grants(caller.scopes, scope));
  }

  /**
   * The `resource_link`s to the artifacts a tool's output names; a finished job's result read back
   * (job_status: `{tool, result}`) links what the job's tool made.
   */
  linksOf(tool: Tool, output: Record<string, unknown>): ResourceLink[] {
    const { resources, catalogue } = this.options;
    const { tool: jobTool, result } = output;
    const madeBy = typeof jobTool === 'string' && jobTool !== tool.name && result && typeof result === 'object' ? catalogue.get(jobTool) : undefined;
    return [...resources.linksOf(tool.name, output), ...(madeBy ? resources.linksOf(madeBy.name, result as Record<string, unknown>) : [])];
  }

  jobHandle(row: Pick<JobRow, 'id' | 'tool' | 'status'>): JobHandle {
    const { catalogue, baseUrl } = this.options;
    const args = { job_id: row.id };
    return {
      job_id: row.id,
      tool: row.tool,
      status: row.status,
      status_url: baseUrl() + catalogue.routeOf('job_status', args).path,
      next_actions: [catalogue.nextAction('job_status', args, 'Poll until status is succeeded or failed; the result is in `result`.')],
    };
  }

  /** A tool another tool names: a name not in the catalogue is a defect of the caller's code. */
  private toolNamed(name: string): Tool {
    const tool = this.options.catalogue.get(name);
    if (!tool) throw new Error(`no tool ${name} in the catalogue`);
    return tool;
  }

  /** Runs a claimed job's tool, or the scheduled task of that kind, for the worker. */
  readonly executeJob: JobExecutor = async (job, { signal, progress }) => {
    const tool = this.options.catalogue.get(job.tool);
    const task = tool ? undefined : this.options.scheduled?.get(job.tool);
    if (task) return this.runScheduled(task, job, signal);
    if (!tool) throw new OutcomeError('not_found', `Tool ${job.tool} is not in this server's catalogue.`);
    // Its own scope was checked when the job was started; the key's scopes still bound the tools it calls as the caller.
    const caller: Caller = { accountId: job.account_id, keyId: null, scopes: job.caller_scopes ? (JSON.parse(job.caller_scopes) as string[]) : ['*'] };
    try {
      const stored = await this.options.jobs.input(job.id);
      // Reading a bulky input back took its own turn; checking it takes the next ones (parseInput).
      await yieldToEventLoop();
      const input = await this.parseInput(tool, stored);
      return await this.run(tool, input, {
        caller,
        requestId: job.request_id ?? job.id,
        log: this.jobLog(job),
        signal,
        budget: new CallBudget(this.options.jobBudgetMs, 'job', undefined),
        progress,
      });
    } catch (error) {
      // A job's refusal (an overrun above all) counts like an inline call's: jobs are no way around the limit.
      if (error instanceof OutcomeError) this.options.access.countRefusal(caller, error);
      throw error;
    }
  };

  /** Scheduled work is nobody's call: it is not metered, and it gets the platform's services only. */
  private async runScheduled(task: ScheduledTask, job: JobRow, signal: AbortSignal): Promise<unknown> {
    const { store, files, payments, mail = null, jobs, baseUrl } = this.options;
    return task.run(await jobs.input(job.id), { store, files, payments, mail, jobs, baseUrl: baseUrl(), now: this.now, log: this.jobLog(job), signal });
  }

  private jobLog(job: JobRow): Logger {
    return this.options.log.child({ req_id: job.request_id ?? job.id, job_id: job.id });
  }

  private async run(
    tool: Tool,
    input: Record<string, unknown>,
    call: {
      caller: Caller;
      requestId: string;
      log: Logger;
      signal: AbortSignal;
      budget: CallBudget;
      progress: (progress: JobProgress) => Promise<void>;
      sampler?: Sampler;
      onReplay?: () => void;
    },
  ): Promise<Record<string, unknown>> {
    const { catalogue, store, jobs, access, files, payments, mail = null, llm, baseUrl, validateOutput, compute } = this.options;
    let computing: Promise<unknown> = Promise.resolve();
    const context: ToolContext = {
      requestId: call.requestId,
      caller: call.caller,
      store,
      jobs,
      usage: access.meter,
      files,
      payments,
      mail,
      sampler: call.sampler,
      generation: { generate: (request) => generate({ ...request, sampler: call.sampler, signal: call.signal }, llm) },
      // One task at a time per call: tasks run in parallel would each get the whole remaining budget.
      compute: (task, input) => {
        const budget = task.ownBudgetMs === undefined ? call.budget : new CallBudget(task.ownBudgetMs, call.budget.lane, undefined);
        const next = computing.then(() => compute.run(task, input, budget, call.signal, ({ fraction, message }) => void context.progress(fraction, message)));
        computing = next.catch(() => undefined);
        return next;
      },
      log: call.log,
      signal: call.signal,
      now: this.now,
      baseUrl: baseUrl(),
      progress: (fraction, message) => call.progress({ fraction: Math.min(1, Math.max(0, fraction)), message: message ?? null }),
      nextAction: (name, args, why) => catalogue.nextAction(name, args, why),
      markReplay: () => call.onReplay?.(),
      resourcesOf: (name, output) => this.options.resources.linksOf(name, output).map((link) => link.uri),
      catalogue: {
        tools: () =>
          catalogue.tools.map((other) => ({
            name: other.name,
            title: other.title,
            scope: other.scope,
            cost: other.cost,
            mode: other.mode,
            fields: Object.keys(other.input.shape),
            allowed: grants(call.caller.scopes, other.scope),
          })),
        check: (name, given) => {
          const parsed = this.toolNamed(name).input.safeParse(given);
          return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
        },
        call: async (name, given) => {
          const called = await this.callAuthorized(this.toolNamed(name), given, {
            caller: call.caller,
            requestId: call.requestId,
            log: call.log,
            signal: call.signal,
            sampler: call.sampler,
            waitMs: 0,
          });
          return called.kind === 'job' ? { job: called.handle } : { output: called.output };
        },
      },
      runTool: async (name, given) => {
        const other = this.toolNamed(name);
        const parsed = other.input.safeParse(given);
        if (!parsed.success) throw invalidInput(parsed.error, `input for ${name}`);
        // Its replays and progress are this call's business: neither is passed up.
        return this.run(other, parsed.data, { ...call, progress: async () => {}, onReplay: undefined });
      },
    };
    const output = await tool.run(input, context);
    if (!validateOutput) return output;
    const checked = tool.output.safeParse(output);
    if (!checked.success) {
      call.log.error({ tool: tool.name, issues: checked.error.issues }, 'tool returned output that breaks its schema');
      throw new OutcomeError('internal', `${tool.name} produced an invalid result; nothing was charged. Quote request id ${call.requestId}.`);
    }
    return checked.data;
  }
}

/**
 * The first few unknown fields, each with the fields its object accepts and the one it most likely meant
 * (a body of thousands of made-up keys gets a short answer, as every refusal does).
 */
function unknownFieldIssues(tool: Tool, unknown: readonly string[]) {
  return unknown.slice(0, maxReportedFields).map((path) => {
    const cut = path.lastIndexOf('.');
    const [parent, name] = cut < 0 ? ['', path] : [path.slice(0, cut), path.slice(cut + 1)];
    const allowed = knownFieldsAt(tool.input, parent);
    const suggestion = name.length <= 64 ? closestField(name, allowed) : undefined;
    const meant = suggestion && excerpt(parent ? `${parent}.${suggestion}` : suggestion);
    return {
      path: excerpt(path),
      parent,
      code: 'unrecognized_key',
      message: meant ? `unknown field; did you mean "${meant}"?` : 'unknown field',
      allowed,
      ...(meant ? { did_you_mean: meant } : {}),
    };
  });
}

/** An unknown field's issue as a refusal shows it. */
const publicIssue = ({ parent: _parent, allowed, ...issue }: ReturnType<typeof unknownFieldIssues>[number]) => ({ ...issue, ...(allowed.length ? { allowed } : {}) });

/** Fields of an input that failed its schema which the schema's top level does not have (a required one may be among them, misnamed). */
function topLevelUnknown(tool: Tool, raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const known = new Set(knownFieldsAt(tool.input, ''));
  return known.size ? Object.keys(raw).filter((key) => !known.has(key)) : [];
}
