import { z } from 'zod';
import type { Logger } from 'pino';
import type { Caller } from '../access/caller.js';
import type { Scope } from '../access/scopes.js';
import type { Store } from '../store/store.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Access } from '../access/access.js';
import type { Files } from '../files/files.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { GenerationRequest, GenerationResult, Sampler } from '../compose/types.js';
import type { Compute } from './task.js';

export const toolNamePattern = /^[a-z0-9_]{1,64}$/;

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A follow-up call an agent can make next, with its REST equivalent. */
export const nextActionSchema = z.object({
  tool: z.string().describe('MCP tool name to call next.'),
  route: z.string().describe('The same call over REST, e.g. "GET /api/agents/status/job_…".'),
  arguments: z.record(z.string(), z.unknown()).describe('Arguments to pass to the tool.'),
  why: z.string().describe('When and why to make this call.'),
});
export type NextAction = z.infer<typeof nextActionSchema>;

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool's `run` can use. Built per call by the dispatcher (or the job worker). */
export interface ToolContext {
  requestId: string;
  caller: Caller;
  store: Store;
  jobs: JobQueue;
  access: Access;
  files: Files;
  /**
   * The calling MCP client's own model (sampling), when the client declared the capability on
   * a connection that can carry server-to-client requests (stdio); undefined otherwise.
   */
  sampler?: Sampler;
  /**
   * The generation layer (DESIGN §8): the client's model through sampling, else the
   * OpenAI-compatible endpoint, else the request's template; reports which one wrote it.
   */
  compose: { generate<T>(request: Omit<GenerationRequest<T>, 'sampler' | 'signal'>): Promise<GenerationResult<T>> };
  /**
   * Runs a CPU-heavy task (`defineTask`) on a worker thread within the call's computing budget;
   * past the budget it is stopped and the call fails with 422 budget_exceeded.
   */
  compute: Compute;
  /** The payment processor, or null when none is configured (STRIPE_SECRET_KEY). */
  payments: PaymentGateway | null;
  log: Logger;
  signal: AbortSignal;
  now: () => Date;
  /** Absolute base URL for links in results (`PUBLIC_BASE_URL`). */
  baseUrl: string;
  /** Reports progress (0..1) of long work; relayed as MCP progress notifications and job status. */
  progress: (fraction: number, message?: string) => Promise<void>;
  /** Says this call returned an outcome an earlier call produced (an idempotent replay): it is not charged. */
  markReplay: () => void;
  /** A next action for another tool of the catalogue, its REST route filled in from `args`. */
  nextAction: (tool: string, args: Record<string, unknown>, why: string) => NextAction;
}

// An empty output shape infers as Record<string, never>, which no next_actions could join.
type OutputFields<O extends z.ZodObject> = z.input<O> extends Record<string, never> ? unknown : z.input<O>;
export type ToolResult<O extends z.ZodObject> = OutputFields<O> & { next_actions: NextAction[] };

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  /** snake_case, `^[a-z0-9_]{1,64}$` (Claude rejects dots). */
  name: string;
  title: string;
  /** Written for an LLM: when to use it, what it returns, what to call next. */
  description: string;
  /** REST mirror under `/api/agents`; `:camelCase` path params fill `snake_case` input fields. */
  route: { method: HttpMethod; path: string };
  /** The scope a key needs to call it (`:write` implies `:read`). */
  scope: Scope;
  /** Usage units per successful call; 0 = not metered. */
  cost: number;
  /** 'job' runs on the durable job queue and answers with a job handle unless it finishes in time. */
  mode: 'sync' | 'job';
  /** For a 'sync' tool whose work grows with its input: true runs this call as a job (a long transcript, say). */
  runsAsJob?: (input: z.output<I>) => boolean;
  annotations: ToolAnnotations;
  input: I;
  output: O;
  run: (input: z.output<I>, ctx: ToolContext) => Promise<ToolResult<O>>;
  /** One paragraph for MCP text content; a generic one is derived when absent. */
  summarize?: (output: z.output<O>) => string;
}

/** Whether a tool may answer with a job handle: always for 'job' tools, for large inputs when it says so. */
export const mayRunAsJob = (tool: Pick<Tool, 'mode' | 'runsAsJob'>) => tool.mode === 'job' || tool.runsAsJob !== undefined;

/** A tool as the catalogue holds it; its output schema includes `next_actions`. */
export interface Tool extends Omit<ToolSpec<z.ZodObject, z.ZodObject>, 'run' | 'summarize' | 'runsAsJob'> {
  run: (input: any, ctx: ToolContext) => Promise<Record<string, unknown>>;
  runsAsJob?: (input: any) => boolean;
  summarize?: (output: any) => string;
}

/** Defines one outcome. Everything else (routes, schemas, discovery, OpenAPI) derives from it. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): Tool {
  if (!toolNamePattern.test(spec.name)) {
    throw new Error(`Tool name "${spec.name}" must match ${toolNamePattern}`);
  }
  if (!spec.route.path.startsWith('/')) {
    throw new Error(`Tool ${spec.name}: route path must start with "/"`);
  }
  return {
    ...spec,
    output: spec.output.extend({ next_actions: z.array(nextActionSchema) }),
  } as Tool;
}
