import type { Logger } from 'pino';
import { quote } from '../kernel/quote.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../kernel/caller.js';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import { summarizeJob, summarizeResult } from '../kernel/summary.js';
import { packageInfo } from '../version.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { callerOfAuthInfo } from './auth.js';
import type { Sampler } from '../kernel/generation.js';

export interface McpDeps {
  catalogue: Catalogue;
  dispatcher: Dispatcher;
  /** How long a long-running tool may take before the call returns its job handle. */
  jobWaitMs: number;
}

const instructions =
  'Each tool returns a finished outcome in one call, with `next_actions` naming the follow-up calls. ' +
  'A long-running tool may answer with a job handle instead: call job_status with its job_id until it succeeds.';

function errorResult(error: OutcomeError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toEnvelope()) }] };
}

// One validator for every server: building Ajv per server was a sixth of a stateless request's CPU.
const sharedValidator = new AjvJsonSchemaValidator();

/** A low-level MCP server over the catalogue, for one caller. HTTP builds one per request. */
export interface McpConnection {
  /**
   * stdio resolves its caller on every call (a key revoked meanwhile stops working); over
   * HTTP each call's caller comes from `extra.authInfo`.
   */
  caller?: () => Promise<Caller | undefined>;
  /** The HTTP request's id (its logger already carries it); stdio calls each get their own. */
  requestId?: string;
  /**
   * Whether server-to-client requests (sampling) can reach the client and come back: yes on
   * stdio; no on stateless HTTP, where the answer would arrive at another per-request server.
   */
  duplex: boolean;
  /** The families the client asked for (`?toolsets=` or MCP_TOOLSETS); all when undefined. */
  toolsets?: ReadonlySet<string>;
}

export function createMcpServer(deps: McpDeps, connection: McpConnection, log: Logger): Server {
  const { caller, requestId } = connection;
  const { catalogue, dispatcher, jobWaitMs } = deps;
  const server = new Server(
    { name: packageInfo.name, version: packageInfo.version, title: 'Agent Outcome API' },
    { capabilities: { tools: { listChanged: false } }, instructions, jsonSchemaValidator: sharedValidator },
  );
  // The tools this caller's scopes allow, within the toolsets asked for.
  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    const listCaller = caller ? await caller() : callerOfAuthInfo(extra.authInfo);
    return { tools: listCaller ? catalogue.descriptorsFor(listCaller.scopes, connection.toolsets) : [] };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = catalogue.get(request.params.name);
    if (!tool) {
      return errorResult(new OutcomeError('not_found', `No tool named ${quote(request.params.name)}. Call tools/list for the tools this server has.`));
    }
    const callCaller = caller ? await caller() : callerOfAuthInfo(extra.authInfo);
    if (!callCaller) {
      return errorResult(new OutcomeError('unauthenticated', 'The agent key is not valid (malformed, unknown or revoked); restart the server with a current AGENT_KEY.'));
    }
    const callId = requestId ?? newId(platformIds.request);
    const callLog = log.child(requestId ? { tool: tool.name } : { req_id: callId, tool: tool.name });
    const progressToken = request.params._meta?.progressToken;
    let lastProgress = -1;
    const onProgress =
      progressToken === undefined
        ? undefined
        : ({ fraction, message }: { fraction: number; message: string | null }) => {
            if (fraction <= lastProgress) return; // MCP progress must increase
            lastProgress = fraction;
            extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: fraction, total: 1, ...(message ? { message } : {}) },
              })
              .catch(() => undefined);
          };
    try {
      const sampler: Sampler | undefined =
        connection.duplex && server.getClientCapabilities()?.sampling
          ? async ({ system, prompt, maxTokens, signal }) => {
              const answer = await server.createMessage({ systemPrompt: system, messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens }, { signal });
              return answer.content.type === 'text' ? answer.content.text : '';
            }
          : undefined;
      const outcome = await dispatcher.call(tool, request.params.arguments ?? {}, {
        caller: callCaller,
        sampler,
        requestId: callId,
        log: callLog,
        signal: extra.signal,
        waitMs: jobWaitMs,
        onProgress,
      });
      const [structured, summary] = outcome.kind === 'result' ? [outcome.output, summarizeResult(tool, outcome.output)] : [outcome.handle, summarizeJob(outcome.handle)];
      return {
        content: [
          { type: 'text', text: summary },
          { type: 'text', text: JSON.stringify(structured) },
        ],
        structuredContent: structured,
      };
    } catch (thrown) {
      const error = asOutcomeError(thrown, callId);
      if (error.code === 'internal') callLog.error({ err: thrown }, 'tool call failed unexpectedly');
      return errorResult(error);
    }
  });
  return server;
}
