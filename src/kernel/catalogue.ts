import { z } from 'zod';
import { mayRunAsJob, type Tool, type HttpMethod } from './tool.js';
import type { NextAction } from './next-action.js';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { jobHandleSchema } from './job-handle.js';
import { OutcomeError } from './errors.js';
import { quote } from './quote.js';
import { grants } from './scopes.js';
import { viewMeta } from './views.js';

export const restPrefix = '/api/agents';

/** Exactly one entry of an MCP `tools/list` result. */
export interface McpToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: Tool['annotations'];
  /** The MCP App view of its results, for hosts that render Apps (others ignore it). */
  _meta?: ReturnType<typeof viewMeta>;
}

export interface PathParam {
  /** As written in the route: `jobId`. */
  param: string;
  /** The input field it fills: `job_id`. */
  field: string;
}

/** A tool's family: its scope's, e.g. `invoices` for `invoices:write`. */
const familyOf = (tool: Tool) => tool.scope.split(':')[0] as string;
/** The platform's own tools (job_status, usage_get) serve every family: a toolset never hides them. */
const platformFamilies = new Set(['jobs', 'usage']);

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function pathParamsOf(path: string): PathParam[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((match) => {
    const param = match[1] as string;
    return { param, field: camelToSnake(param) };
  });
}

/**
 * A tool whose work may outlive the call advertises its result or a job handle: one schema, so that
 * what both carry (next_actions) is written once.
 */
function outputSchemaOf(tool: Tool): JsonSchema {
  if (!mayRunAsJob(tool)) return jsonSchemaOf(tool.output, 'output');
  // MCP wants an object at the root of an output schema, alternatives or not.
  return { type: 'object', ...jsonSchemaOf(z.union([tool.output, jobHandleSchema]), 'output') };
}

/**
 * The catalogue of tools with everything derived from it once: MCP descriptors, REST
 * paths and their parameters. The only list of tools is the array handed to it.
 */
export class Catalogue {
  readonly tools: readonly Tool[];
  private readonly byName = new Map<string, Tool>();
  private readonly params = new Map<string, PathParam[]>();
  private cachedDescriptors: McpToolDescriptor[] | undefined;
  private readonly listed = new Map<string, McpToolDescriptor[]>();
  /** The families an agent may pick as toolsets (`?toolsets=invoices,content`). */
  readonly toolsets: readonly string[];

  constructor(tools: readonly Tool[]) {
    this.tools = tools;
    const routes = new Set<string>();
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}`);
      const routeKey = `${tool.route.method} ${tool.route.path.replace(/:[^/]+/g, ':')}`;
      if (routes.has(routeKey)) throw new Error(`Tool ${tool.name}: route ${routeKey} is taken`);
      routes.add(routeKey);
      const params = pathParamsOf(tool.route.path);
      for (const { param, field } of params) {
        if (!(field in tool.input.shape)) {
          throw new Error(`Tool ${tool.name}: path param :${param} needs an input field "${field}"`);
        }
      }
      this.byName.set(tool.name, tool);
      this.params.set(tool.name, params);
    }
    this.toolsets = [...new Set(tools.map(familyOf).filter((family) => !platformFamilies.has(family)))];
  }

  /** Parses `"invoices,content"`; an unknown toolset is refused with the list of known ones. */
  parseToolsets(text: string, where: string): ReadonlySet<string> {
    const names = text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !this.toolsets.includes(name));
    if (!names.length || unknown.length) {
      throw new OutcomeError(
        'invalid_input',
        `${where}: ${names.length ? `unknown toolset ${unknown.map((name) => quote(name)).join(', ')}` : 'no toolset given'}; use a comma-separated list of: ${this.toolsets.join(', ')}.`,
      );
    }
    return new Set(names);
  }

  /**
   * The `tools/list` a key sees: the tools its scopes allow, within the toolsets asked for (all
   * when none). It depends on the key, so a list may be cached per key only.
   */
  descriptorsFor(scopes: readonly string[], toolsets?: ReadonlySet<string>): McpToolDescriptor[] {
    const key = `${scopes.join(',')}|${toolsets ? [...toolsets].sort().join(',') : '*'}`;
    let listed = this.listed.get(key);
    if (!listed) {
      const all = this.descriptors();
      listed = all.filter((_, index) => {
        const tool = this.tools[index] as Tool;
        const family = familyOf(tool);
        return grants(scopes, tool.scope) && (!toolsets || platformFamilies.has(family) || toolsets.has(family));
      });
      // Lists are few (one per scope set and toolset choice); the bound only guards against a flood of odd ones.
      if (this.listed.size >= 256) this.listed.clear();
      this.listed.set(key, listed);
    }
    return listed;
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  pathParams(tool: Tool): PathParam[] {
    return this.params.get(tool.name) ?? [];
  }

  restPath(tool: Tool): string {
    return restPrefix + tool.route.path;
  }

  /** The `tools/list` entries, computed once (schemas converted with `z.toJSONSchema`). */
  descriptors(): McpToolDescriptor[] {
    this.cachedDescriptors ??= this.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchemaOf(tool.input, 'input'),
      outputSchema: outputSchemaOf(tool),
      annotations: { ...tool.annotations },
      ...(tool.view ? { _meta: viewMeta(tool.view) } : {}),
    }));
    return this.cachedDescriptors;
  }

  /** The REST route of a call, path params filled from its arguments: `GET /api/agents/status/job_…`. */
  routeOf(name: string, args: Record<string, unknown>): { method: HttpMethod; path: string } {
    const tool = this.byName.get(name);
    if (!tool) throw new Error(`next action names unknown tool ${name}`);
    let path = this.restPath(tool);
    for (const { param, field } of this.pathParams(tool)) {
      const value = args[field];
      // Path params are ids; an object or array has no text form to put in a path, and is left out like a missing value.
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') path = path.replace(`:${param}`, encodeURIComponent(value));
    }
    return { method: tool.route.method, path };
  }

  nextAction(name: string, args: Record<string, unknown>, why: string): NextAction {
    const { method, path } = this.routeOf(name, args);
    return { tool: name, route: `${method} ${path}`, arguments: args, why };
  }
}
