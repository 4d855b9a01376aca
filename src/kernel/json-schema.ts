import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema for a tool's input or output. Draft-07 because MCP clients validate with
 * Ajv's default (draft-07) dialect; OpenAPI 3.1 accepts it once `$schema` is dropped.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'throw' });
}

/** The same schema without its `$schema` dialect marker, for embedding in other documents. */
export function embeddable(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
