import { mayRunAsJob, type Tool, type HttpMethod } from './tool.js';
import type { NextAction } from './next-action.js';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { jobHandleSchema } from './job-handle.js';

export const restPrefix = '/api/agents';

/** Exactly one entry of an MCP `tools/list` result. */
export interface McpToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: Tool['annotations'];
}

export interface PathParam {
  /** As written in the route: `jobId`. */
  param: string;
  /** The input field it fills: `job_id`. */
  field: string;
}

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function pathParamsOf(path: string): PathParam[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((match) => {
    const param = match[1] as string;
    return { param, field: camelToSnake(param) };
  });
}

/** A tool whose work may outlive the call advertises its result or a job handle. */
function outputSchemaOf(tool: Tool): JsonSchema {
  const output = jsonSchemaOf(tool.output, 'output');
  if (!mayRunAsJob(tool)) return output;
  const { $schema, ...result } = output;
  const { $schema: _, ...handle } = jsonSchemaOf(jobHandleSchema, 'output');
  return { $schema, type: 'object', anyOf: [result, handle] };
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
