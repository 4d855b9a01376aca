import type { Logger } from 'pino';
import { z } from 'zod';
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  type CallToolResult,
  type ClientCapabilities,
  type ServerContext,
  type Tool as McpTool,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { quote } from '../kernel/quote.js';
import type { Caller } from '../kernel/caller.js';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError, asOutcomeError, errorStatus, type ErrorEnvelope } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import { summarizeJob, summarizeResult } from '../kernel/summary.js';
import { mayRunAsJob, type Tool } from '../kernel/tool.js';
import type { ResourceRegistry } from '../kernel/resource.js';
import type { Sampler } from '../kernel/generation.js';
import { packageInfo } from '../version.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import type { JobQueue, JobRow } from '../jobs/queue.js';
import type { JobTasks } from '../jobs/tasks.js';
import { pageViewerContents, pageViewerResource, pageViewerUri } from '../apps/page-viewer.js';
import { appMimeType, appsExtensionId } from '../apps/protocol.js';

export const tasksExtension = 'io.modelcontextprotocol/tasks';

export interface McpDeps {
  catalogue: Catalogue;
  dispatcher: Dispatcher;
  resources: ResourceRegistry;
  jobs: JobQueue;
  tasks: JobTasks;
  /** How long a long-running tool may take before the call returns its job handle (clients without Tasks). */
  jobWaitMs: number;
  baseUrl: () => string;
}

/** The client's side of one MCP exchange: who calls, and what the connection can carry. */
export interface McpConnection {
  /** The caller of each request: stdio resolves its key on every call (a key revoked meanwhile stops working), HTTP reads the request's. */
  caller: () => Promise<Caller | undefined>;
  /** The HTTP request's id; stdio calls each get their own. */
  requestId?: string;
  /**
   * Whether server-to-client requests (sampling) can reach the client and come back: only on a
   * 2025 stdio connection; stateless HTTP answers each request on its own, and 2026 has no such requests.
   */
  duplex: boolean;
  /** The families the client asked for (`?toolsets=` or MCP_TOOLSETS); all when undefined. */
  toolsets?: ReadonlySet<string>;
  era: 'legacy' | 'modern';
}

const instructions =
  'Each tool returns a finished outcome in one call, with `next_actions` naming the follow-up calls. ' +
  'A long-running tool answers with a task (clients with the Tasks extension) or a job handle: poll tasks/get or job_status until it is done. ' +
  "The files a tool makes (PDFs, pages, captions, packs, CSV) are resources: read the result's resource links with resources/read.";

/** Cache hints (2026-07-28): true ones. The tool list depends on the key's scopes, so it is private. */
const cacheHints = {
  'tools/list': { ttlMs: 300_000, cacheScope: 'private' },
  'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 3_600_000, cacheScope: 'public' },
  'resources/list': { ttlMs: 3_600_000, cacheScope: 'public' },
  'prompts/list': { ttlMs: 300_000, cacheScope: 'private' },
} as const;

/** How long a task stays readable: jobs are kept at least this long. */
const taskTtlMs = 7 * 24 * 60 * 60_000;
const taskPollIntervalMs = 1_000;

// One validator for every server: building Ajv per server was a sixth of a stateless request's CPU.
const sharedValidator = new AjvJsonSchemaValidator();

function errorResult(error: OutcomeError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toEnvelope()) }] };
}

/** The client's capabilities for this request: 2026 sends them with every request, a 2025 client once at initialize. */
function clientCapabilities(server: Server, ctx: ServerContext, meta: Record<string, unknown> | undefined): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const fromRequest = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? meta?.[CLIENT_CAPABILITIES_META_KEY]) as ClientCapabilities | undefined;
  return fromRequest ?? server.getClientCapabilities();
}

const declaresTasks = (capabilities: ClientCapabilities | undefined) => Boolean((capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[tasksExtension]);

/** An MCP resource read for the wire: text stays text, bytes go as base64. */
function resourceContents(uri: string, body: { mimeType: string; text: string } | { mimeType: string; bytes: Uint8Array }) {
  return 'text' in body ? { uri, mimeType: body.mimeType, text: body.text } : { uri, mimeType: body.mimeType, blob: Buffer.from(body.bytes).toString('base64') };
}

/** A low-level MCP server over the catalogue for one serving unit (an HTTP request, a stdio connection), in one protocol era. */
export function createMcpServer(deps: McpDeps, connection: McpConnection, log: Logger): Server {
  const { catalogue, dispatcher, resources, jobs, tasks, jobWaitMs } = deps;
  const server = new Server(
    { name: packageInfo.name, version: packageInfo.version, title: 'Agent Outcome API' },
    { capabilities: { tools: { listChanged: false }, resources: {}, prompts: { listChanged: false } }, instructions, jsonSchemaValidator: sharedValidator, cacheHints },
  );
  // Extensions exist from 2026-07-28 on; a 2025 initialize result does not name them.
  if (connection.era === 'modern') server.registerCapabilities({ extensions: { [tasksExtension]: {}, [appsExtensionId]: { mimeTypes: [appMimeType] } } });
  // 2025 clients may set a log level; nothing is sent as log notifications (logs go to stderr), so any level is accepted.
  if (connection.era === 'legacy') {
    server.registerCapabilities({ logging: {} });
    server.setRequestHandler('logging/setLevel', () => ({}));
  }

  const requireCaller = async (): Promise<Caller> => {
    const caller = await connection.caller();
    if (!caller) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'The agent key is not valid (malformed, unknown or revoked); restart the server with a current AGENT_KEY.');
    return caller;
  };

  /** A tool's result as MCP shows it: a summary, the JSON, links to its artifacts, and the structured output. */
  const toolResult = (tool: Tool, output: Record<string, unknown>): CallToolResult => ({
    content: [
      { type: 'text', text: summarizeResult(tool, output) },
      { type: 'text', text: JSON.stringify(output) },
      ...dispatcher.linksOf(tool, output).map((link) => ({ type: 'resource_link' as const, ...link })),
    ],
    structuredContent: output,
  });

  server.setRequestHandler('tools/list', async () => {
    const caller = await connection.caller();
    // Our descriptors are JSON Schema objects built by z.toJSONSchema; the SDK's type spells out one shape of them.
    return { tools: (caller ? catalogue.descriptorsFor(caller.scopes, connection.toolsets) : []) as McpTool[] };
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const tool = catalogue.get(request.params.name);
    if (!tool) return errorResult(new OutcomeError('not_found', `No tool named ${quote(request.params.name)}. Call tools/list for the tools this server has.`));
    const caller = await connection.caller();
    if (!caller) return errorResult(new OutcomeError('unauthenticated', 'The agent key is not valid (malformed, unknown or revoked); restart the server with a current AGENT_KEY.'));
    const callId = connection.requestId ?? newId(platformIds.request);
    const callLog = log.child(connection.requestId ? { tool: tool.name } : { req_id: callId, tool: tool.name });
    const capabilities = clientCapabilities(server, ctx, request.params._meta);
    // A client with the Tasks extension gets a task at once for work that runs as a job; others wait, then get a job handle.
    const asTask = declaresTasks(capabilities) && mayRunAsJob(tool);
    const progressToken = request.params._meta?.progressToken;
    let lastProgress = -1;
    const onProgress =
      progressToken === undefined
        ? undefined
        : ({ fraction, message }: { fraction: number; message: string | null }) => {
            if (fraction <= lastProgress) return; // MCP progress must increase
            lastProgress = fraction;
            ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: fraction, total: 1, ...(message ? { message } : {}) } }).catch(() => undefined);
          };
    const sampler: Sampler | undefined =
      connection.duplex && connection.era === 'legacy' && server.getClientCapabilities()?.sampling
        ? async ({ system, prompt, maxTokens, signal }) => {
            const answer = await server.createMessage({ systemPrompt: system, messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens }, { signal });
            return answer.content.type === 'text' ? answer.content.text : '';
          }
        : undefined;
    try {
      const outcome = await dispatcher.call(tool, request.params.arguments ?? {}, {
        caller,
        sampler,
        requestId: callId,
        log: callLog,
        signal: ctx.mcpReq.signal,
        waitMs: asTask ? 0 : jobWaitMs,
        onProgress,
      });
      if (outcome.kind === 'result') return toolResult(tool, outcome.output);
      if (asTask) {
        const job = await jobs.get(outcome.handle.job_id, caller);
        if (job) {
          const taskId = await tasks.create(job);
          // The SDK's tools/call result type predates Tasks; a task reply is what the extension specifies.
          return taskOf(taskId, job) as unknown as CallToolResult;
        }
      }
      return {
        content: [
          { type: 'text', text: summarizeJob(outcome.handle) },
          { type: 'text', text: JSON.stringify(outcome.handle) },
        ],
        structuredContent: outcome.handle,
      };
    } catch (thrown) {
      const error = asOutcomeError(thrown, callId);
      if (error.code === 'internal') callLog.error({ err: thrown }, 'tool call failed unexpectedly');
      return errorResult(error);
    }
  });

  // The Tasks extension: a task is a job of the caller's account, named by an unguessable id.
  const taskParams = z.looseObject({ taskId: z.string().max(200), _meta: z.record(z.string(), z.unknown()).optional() });
  const findTask = async (taskId: string, ctx: ServerContext, meta: Record<string, unknown> | undefined) => {
    if (!declaresTasks(clientCapabilities(server, ctx, meta))) {
      throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [tasksExtension]: {} } } });
    }
    const task = await tasks.find(taskId, await requireCaller());
    if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task ${quote(taskId)} for this account.`);
    return task;
  };
  server.setRequestHandler('tasks/get', { params: taskParams }, async (params, ctx) => {
    const { taskId, job } = await findTask(params.taskId, ctx, params._meta);
    // A task reply to tools/call says `resultType: "task"`; tasks/get's own result is complete.
    const { resultType: _created, ...described } = taskOf(taskId, job);
    const tool = catalogue.get(job.tool);
    if (job.status === 'succeeded' && tool) return { ...described, result: toolResult(tool, JSON.parse(job.result ?? '{}') as Record<string, unknown>) };
    // A tool's failure is a completed task whose result is an error, as a tools/call would have answered.
    if (job.status === 'failed') return { ...described, result: errorResult(OutcomeError.fromEnvelope(JSON.parse(job.error ?? '{}') as ErrorEnvelope)) };
    return described;
  });
  server.setRequestHandler('tasks/cancel', { params: taskParams }, async (params, ctx) => {
    const { job } = await findTask(params.taskId, ctx, params._meta);
    await jobs.cancel(job.id, await requireCaller());
    return {};
  });
  // Nothing here ever asks the client for input; an update is acknowledged.
  server.setRequestHandler('tasks/update', { params: taskParams }, async (params, ctx) => {
    await findTask(params.taskId, ctx, params._meta);
    return {};
  });

  // One prompt per toolset the key can use: hosts offer them as commands ("/invoices bill Acme for 3 hours").
  const promptsFor = async () => {
    const caller = await connection.caller();
    const visible = new Set((caller ? catalogue.descriptorsFor(caller.scopes, connection.toolsets) : []).map((tool) => tool.name));
    return catalogue.toolsets
      .map((family) => ({ family, tools: catalogue.tools.filter((tool) => visible.has(tool.name) && tool.scope.startsWith(`${family}:`)) }))
      .filter(({ tools }) => tools.length > 0);
  };
  server.setRequestHandler('prompts/list', async () => ({
    prompts: (await promptsFor()).map(({ family, tools }) => ({
      name: family,
      title: `Agent Outcome API: ${family}`,
      description: `Get a finished ${family} outcome with ${tools.map((tool) => tool.name).join(', ')}.`,
      arguments: [{ name: 'request', description: 'What you want, in your words (facts, amounts, names).', required: true }],
    })),
  }));
  server.setRequestHandler('prompts/get', async (request) => {
    const found = (await promptsFor()).find(({ family }) => family === request.params.name);
    if (!found) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No prompt named ${quote(request.params.name)}; prompts/list shows the ones this key can use.`);
    const wish = request.params.arguments?.request?.trim();
    if (!wish) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'The prompt needs its "request" argument: what you want, in your words.');
    const tools = found.tools.map((tool) => `- ${tool.name}: ${tool.title}`).join('\n');
    const text =
      `Use the Agent Outcome API's ${found.family} tools to do this:\n\n${wish}\n\nThe tools:\n${tools}\n\n` +
      "Keep every fact given above and invent none; ask for what is missing rather than guessing. Follow each result's next_actions, and share its links with the user.";
    return { description: `A ${found.family} outcome`, messages: [{ role: 'user', content: { type: 'text', text } }] };
  });

  // The one fixed resource: the MCP App view of generated pages. Artifacts are found through their templates.
  server.setRequestHandler('resources/list', async () => ({ resources: [pageViewerResource(deps.baseUrl())] }));
  server.setRequestHandler('resources/templates/list', async () => ({
    resourceTemplates: resources.resources.map((resource) => ({
      uriTemplate: resource.uriTemplate,
      name: resource.name,
      title: resource.title,
      description: resource.description,
      mimeType: resource.mimeType,
    })),
  }));
  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    if (uri === pageViewerUri) return { contents: [pageViewerContents(deps.baseUrl())], ttlMs: 3_600_000, cacheScope: 'public' };
    const caller = await requireCaller();
    try {
      const { ttlMs, ...body } = await dispatcher.readResource(uri, caller, log);
      return { contents: [resourceContents(uri, body)], ttlMs, cacheScope: 'private' };
    } catch (thrown) {
      const error = asOutcomeError(thrown, connection.requestId);
      // Another account's artifact, or none at all: the spec's not-found error; anything else carries our envelope.
      if (error.code === 'not_found') throw new ResourceNotFoundError(uri);
      if (error.code === 'internal') log.error({ err: thrown, uri }, 'resource read failed unexpectedly');
      // The envelope REST would answer with, and its HTTP status (403 for a missing scope).
      throw new ProtocolError(error.code === 'insufficient_scope' ? ProtocolErrorCode.InvalidRequest : ProtocolErrorCode.InternalError, error.message, {
        status: errorStatus[error.code],
        ...error.toEnvelope(),
      });
    }
  });
  return server;
}

/** The Tasks extension's view of a job. */
function taskOf(taskId: string, job: JobRow) {
  const status = job.status === 'queued' || job.status === 'running' ? 'working' : job.status === 'canceled' ? 'cancelled' : 'completed';
  return {
    resultType: 'task',
    taskId,
    status,
    ...(job.progress_message && status === 'working' ? { statusMessage: job.progress_message } : {}),
    createdAt: job.created_at,
    lastUpdatedAt: job.updated_at,
    ttlMs: taskTtlMs,
    pollIntervalMs: taskPollIntervalMs,
  };
}
