import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../access/caller.js';
import type { Catalogue } from '../kernel/catalogue.js';
import { OutcomeError, asOutcomeError } from '../kernel/errors.js';
import { newId } from '../kernel/ids.js';
import { summarizeJob, summarizeResult } from '../kernel/summary.js';
import { packageInfo } from '../version.js';
import type { Dispatcher } from './dispatch.js';
import { callerOf } from './http.js';

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

/** A low-level MCP server over the catalogue, for one caller. Cheap: HTTP builds one per request. */
export function createMcpServer(deps: McpDeps, caller: Caller, log: Logger, requestId?: string): Server {
  const { catalogue, dispatcher, jobWaitMs } = deps;
  const server = new Server(
    { name: packageInfo.name, version: packageInfo.version, title: 'Agent Outcome API' },
    { capabilities: { tools: { listChanged: false } }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: catalogue.descriptors() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = catalogue.get(request.params.name);
    if (!tool) {
      return errorResult(
        new OutcomeError('not_found', `No tool named "${request.params.name}". Call tools/list for the tools this server has.`),
      );
    }
    const callId = requestId ?? newId('request');
    const callLog = log.child({ req_id: callId, tool: tool.name });
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
      const outcome = await dispatcher.call(tool, request.params.arguments ?? {}, {
        caller,
        requestId: callId,
        log: callLog,
        signal: extra.signal,
        waitMs: jobWaitMs,
        onProgress,
      });
      const [structured, summary] =
        outcome.kind === 'result'
          ? [outcome.output, summarizeResult(tool, outcome.output)]
          : [outcome.handle, summarizeJob(outcome.handle)];
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

/**
 * Streamable HTTP, stateless: a fresh server and transport per request, no session ids,
 * so any instance can answer any request.
 */
export function mcpHttpHandler(deps: McpDeps): RequestHandler {
  return async (req, res) => {
    const server = createMcpServer(deps, callerOf(res), req.log, String(req.id));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
}

/** MCP over stdio: stdout carries only JSON-RPC; the returned promise settles when stdin closes. */
export async function serveStdio(deps: McpDeps, caller: Caller, log: Logger): Promise<void> {
  const server = createMcpServer(deps, caller, log);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  log.info('serving MCP over stdio');
  await closed;
  await server.close();
}
