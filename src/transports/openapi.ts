import { errorEnvelopeSchema, errorStatus, type ErrorCode } from '../kernel/errors.js';
import { restPrefix, type Catalogue } from '../kernel/catalogue.js';
import { jobHandleSchema } from '../kernel/job-handle.js';
import { embeddable, jsonSchemaOf, type JsonSchema } from '../kernel/json-schema.js';
import type { Tool } from '../kernel/tool.js';
import { packageInfo } from '../version.js';

const errorRef = { $ref: '#/components/responses/Error' };

/** The failures every authenticated tool call can meet, besides its own. */
const commonErrors: ErrorCode[] = [
  'invalid_input',
  'unauthenticated',
  'plan_inactive',
  'insufficient_scope',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'idempotency_mismatch',
  'usage_limit_exceeded',
  'internal',
];

function errorResponses(): Record<string, unknown> {
  const statuses = [...new Set(commonErrors.map((code) => errorStatus[code]))].sort();
  return Object.fromEntries(statuses.map((status) => [String(status), errorRef]));
}

const preferParameter = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: "RFC 7240: `respond-async` runs the call as a job (202 + job handle); `wait=N` waits up to N seconds for a job's result.",
  schema: { type: 'string' },
};

const idempotencyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Replays the first response (status and body) for 24 h; the same key with a different body answers 422 idempotency_mismatch.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

function operationFor(tool: Tool, catalogue: Catalogue): Record<string, unknown> {
  const input = embeddable(jsonSchemaOf(tool.input, 'input', 'full'));
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const pathFields = new Set(catalogue.pathParams(tool).map((p) => p.field));
  const parameters: unknown[] = catalogue.pathParams(tool).map(({ param, field }) => ({
    name: param,
    in: 'path',
    required: true,
    description: properties[field]?.description,
    schema: properties[field] ?? { type: 'string' },
  }));
  let requestBody: unknown;
  if (tool.route.method === 'GET' || tool.route.method === 'DELETE') {
    for (const [field, schema] of Object.entries(properties)) {
      if (pathFields.has(field)) continue;
      parameters.push({ name: field, in: 'query', required: required.has(field), description: schema.description, schema });
    }
  } else {
    const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([field]) => !pathFields.has(field)));
    const body = {
      ...input,
      properties: bodyProperties,
      required: [...required].filter((field) => !pathFields.has(field)),
    };
    requestBody = { required: body.required.length > 0, content: { 'application/json': { schema: body } } };
  }
  parameters.push(preferParameter);
  if (tool.route.method === 'POST') parameters.push(idempotencyParameter);
  return {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    tags: [tool.scope.split(':')[0]],
    security: [{ bearerAuth: [tool.scope] }],
    'x-mcp-tool': tool.name,
    'x-scope': tool.scope,
    'x-cost-units': tool.cost,
    'x-mode': tool.mode,
    ...(tool.runsAsJob ? { 'x-runs-as-job': 'when the input is large (202 with a job handle)' } : {}),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': {
        description: 'The outcome.',
        content: { 'application/json': { schema: embeddable(jsonSchemaOf(tool.output, 'output', 'full')) } },
      },
      '202': {
        description: 'Accepted as a job: poll `status_url` (also in the Location header).',
        headers: { Location: { schema: { type: 'string', format: 'uri' } } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/JobHandle' } } },
      },
      ...errorResponses(),
    },
  };
}

/** OpenAPI 3.1, generated from the catalogue: one operation per tool. */
export function buildOpenApi(catalogue: Catalogue, serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const tool of catalogue.tools) {
    const path = catalogue.restPath(tool).replace(/:([A-Za-z][A-Za-z0-9]*)/g, '{$1}');
    paths[path] = { ...paths[path], [tool.route.method.toLowerCase()]: operationFor(tool, catalogue) };
  }
  paths[`${restPrefix}/mcp`] = {
    get: {
      operationId: 'mcp_tools_list',
      summary: 'Discover the tools',
      description: 'Exactly the MCP `tools/list` result (names, JSON Schemas, annotations). Needs no key.',
      tags: ['discovery'],
      security: [],
      responses: {
        '200': { description: 'The tools.', content: { 'application/json': { schema: { type: 'object', required: ['tools'], properties: { tools: { type: 'array', items: { type: 'object' } } } } } } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agent Outcome API',
      version: packageInfo.version,
      description: 'Finished business outcomes for AI agents in one call. The same tools are served over MCP (POST /mcp, Streamable HTTP, stateless) and here over REST.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An agent key: `Authorization: Bearer ak_…`.' },
      },
      schemas: {
        ErrorEnvelope: embeddable(jsonSchemaOf(errorEnvelopeSchema, 'output', 'full')),
        JobHandle: embeddable(jsonSchemaOf(jobHandleSchema, 'output', 'full')),
      },
      responses: {
        Error: {
          description: 'The error envelope; `error.code` names the failure and `error.message` says how to fix it.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    },
  };
}
