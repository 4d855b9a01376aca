import { z } from 'zod';
import type { Scope } from './scopes.js';
import type { ToolContext } from './context.js';
import { nextActionSchema, type NextAction } from './next-action.js';
import type { ViewName } from './views.js';

export const toolNamePattern = /^[a-z0-9_]{1,64}$/;

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** The four MCP tool hints. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * What a call does to the world, in one word: `read` changes nothing; `write` stores something
 * of the caller's; `external` also reaches a system outside this server (a payment processor).
 */
export type ToolEffect = 'read' | 'write' | 'external';

/** The one place effects become MCP hints. Nothing here deletes or overwrites: destructive is never claimed. */
export function annotationsOf(effect: ToolEffect, idempotent = effect === 'read'): ToolAnnotations {
  return { readOnlyHint: effect === 'read', destructiveHint: false, idempotentHint: idempotent, openWorldHint: effect === 'external' };
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
  /** 'job' runs on the durable job queue and answers with a job handle unless it finishes in time; 'sync' by default. */
  mode?: 'sync' | 'job';
  /** For a 'sync' tool whose work grows with its input: true runs this call as a job (a long transcript, say). */
  runsAsJob?: (input: z.output<I>) => boolean;
  effect: ToolEffect;
  /** A write that repeated with the same input has the same outcome (a confirmation): said to clients as idempotentHint. */
  idempotent?: boolean;
  input: I;
  output: O;
  run: (input: z.output<I>, ctx: ToolContext) => Promise<ToolResult<O>>;
  /** One paragraph for MCP text content; a generic one is derived when absent. */
  summarize?: (output: z.output<O>) => string;
  /** The MCP App view hosts may show its results in (`page`: its output's `html`, as visitors see it). */
  view?: ViewName;
}

/** Whether a tool may answer with a job handle: always for 'job' tools, for large inputs when it says so. */
export const mayRunAsJob = (tool: Pick<Tool, 'mode' | 'runsAsJob'>) => tool.mode === 'job' || tool.runsAsJob !== undefined;

/** A tool as the catalogue holds it; its output schema includes `next_actions`. */
export interface Tool extends Omit<ToolSpec<z.ZodObject, z.ZodObject>, 'run' | 'summarize' | 'runsAsJob' | 'mode' | 'effect' | 'idempotent'> {
  mode: 'sync' | 'job';
  annotations: ToolAnnotations;
  /* eslint-disable @typescript-eslint/no-explicit-any -- the catalogue holds tools of every input and output type; each tool's own schema has parsed what reaches it */
  run: (input: any, ctx: ToolContext) => Promise<Record<string, unknown>>;
  runsAsJob?: (input: any) => boolean;
  summarize?: (output: any) => string;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/** Defines one outcome. Everything else (routes, schemas, discovery, OpenAPI) derives from it. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): Tool {
  if (!toolNamePattern.test(spec.name)) {
    throw new Error(`Tool name "${spec.name}" must match ${toolNamePattern}`);
  }
  if (!spec.route.path.startsWith('/')) {
    throw new Error(`Tool ${spec.name}: route path must start with "/"`);
  }
  const { effect, idempotent, mode = 'sync', ...rest } = spec;
  return {
    ...rest,
    mode,
    annotations: annotationsOf(effect, idempotent),
    output: spec.output.extend({ next_actions: z.array(nextActionSchema) }),
  };
}
