import { z } from 'zod';
import { signatureOf, textLegend } from './schema-signature.js';

export type JsonSchema = Record<string, unknown>;

/** Output parts written once under `$defs/<name>` and referred to wherever they recur. */
const sharedNames = new WeakMap<z.ZodType, string>();
/** Parts shown as a looser outline than their full schema. */
const outlines = new WeakMap<z.ZodType, JsonSchema>();
/** Parts written as a signature in their description. */
const signatureParts = new WeakSet<z.ZodType>();
const signatureMark = 'x-signature';

/** In output schemas, `schema` is written once, as `$defs/<name>`, however often it recurs (a part used once stays inline). */
export function sharedAs<T extends z.ZodType>(name: string, schema: T): T {
  sharedNames.set(schema, name);
  return schema;
}

/**
 * In input and output schemas, `schema` is shown as `outline`: a shorter schema that must still hold
 * for every value `schema` accepts (the contract test validates real outputs against it). For detail
 * an agent reads in the values themselves: the props of each kind of page section, an id it copies.
 */
export function outlinedAs<T extends z.ZodType>(outline: JsonSchema, schema: T): T {
  outlines.set(schema, outline);
  return schema;
}

/**
 * In input and output schemas, `schema` is written as a TypeScript-like signature in its description
 * (schema-signature.ts) rather than as nested JSON Schema: the same fields, bounds and patterns in a
 * third of the tokens. Validators then check only its type; the tool's own schema still checks all.
 */
export function asSignature<T extends z.ZodType>(schema: T): T {
  signatureParts.add(schema);
  return schema;
}

// Only `get` is read during conversion; the names are added to the global metadata (descriptions) for output schemas alone.
const outputMetadata = {
  get(schema: z.ZodType) {
    const meta = z.globalRegistry.get(schema);
    const name = sharedNames.get(schema);
    return name ? { ...meta, id: name } : meta;
  },
} as unknown as z.core.$ZodRegistry<Record<string, unknown>>;

type Override = (context: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) => void;

/** What was registered for `schema` or for the schema it was cloned from (`.describe()` clones). */
function registered<T>(schema: z.core.$ZodType, lookup: (schema: z.ZodType) => T | undefined): T | undefined {
  for (let current: z.core.$ZodType | undefined = schema; current; current = current._zod.parent) {
    const found = lookup(current as z.ZodType);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Marked now, written once compacted (compact), so that the signature shows the compact schema.
const markSignature: Override = ({ zodSchema, jsonSchema }) => {
  if (registered(zodSchema, (schema) => (signatureParts.has(schema) ? true : undefined))) jsonSchema[signatureMark] = true;
};

const withOutline: Override = (context) => {
  const outline = registered(context.zodSchema, (schema) => outlines.get(schema));
  if (!outline) return markSignature(context);
  // The schema's own description, if any, says more than the outline's general one.
  const { description } = context.jsonSchema;
  for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
  Object.assign(context.jsonSchema, structuredClone(outline), description === undefined ? {} : { description });
};

/**
 * JSON Schema 2020-12 for a tool's input or output, without `$schema`: the default dialect of MCP
 * 2026-07-28 and OpenAPI 3.1. It also reads right in draft-07 (Ajv's default, used by 2025 MCP
 * clients): no tuples (`prefixItems`), and `$defs` only behind `#/$defs/…` references, which
 * draft-07 validators resolve as plain JSON pointers.
 *
 * `listed` is what tools/list shows, sized for an agent's context: outlines and signatures where
 * marked; output schemas share their recurring parts in `$defs` and leave out what a reader has no
 * use for; input schemas stay inline, since tool-calling clients handle `$ref` unevenly. `full` keeps
 * every part as zod writes it, less the noise `compact` drops: for OpenAPI's code generators, and
 * for tests that read bounds.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', detail: 'listed' | 'full' = 'listed'): JsonSchema {
  const listed = detail === 'listed';
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
    ...(listed ? { override: withOutline } : {}),
    ...(listed && io === 'output' ? { metadata: outputMetadata } : {}),
  }) as JsonSchema;
  const { $schema: _dialect, ...rest } = converted;
  const compacted = withSharedDefinitions(legendOnce(compact(rest)));
  if (io === 'input' || !listed) return compacted;
  const { description, ...body } = compactOutput(compacted);
  return { description: typeof description === 'string' ? `${description} ${presenceRule}` : presenceRule, ...body };
}

/** The signatures' legend in the first of them only (in document order): one reader reads them all. */
function legendOnce(schema: JsonSchema): JsonSchema {
  let said = false;
  return mapSchemas(schema, (node) => {
    if (typeof node.description !== 'string' || !node.description.includes(textLegend)) return node;
    if (!said) return ((said = true), node);
    return { ...node, description: node.description.replace(`${textLegend} `, '') };
  });
}

/** Formats validators know, whose meaning is all that zod's generated `pattern` for them says. */
const standardFormats = new Set(['date-time', 'date', 'time', 'duration', 'email', 'uuid', 'uri', 'ipv4', 'ipv6', 'hostname']);

const isEmptySchema = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
const isStringType = (value: unknown) => JSON.stringify(value) === '{"type":"string"}';

/** Keywords whose value is one subschema, and those whose value is a list or a map of them. */
const schemaKeywords = ['items', 'additionalProperties', 'propertyNames', 'not', 'contains', 'if', 'then', 'else'];
const schemaListKeywords = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const schemaMapKeywords = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Applies `visit` to every subschema of `node`, children first, rebuilding the tree. */
function mapSchemas(node: JsonSchema, visit: (node: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    const isSchema = typeof value === 'object' && value !== null;
    if (schemaKeywords.includes(key) && isSchema && !Array.isArray(value)) out[key] = mapSchemas(value as JsonSchema, visit);
    else if (schemaListKeywords.includes(key) && Array.isArray(value)) out[key] = value.map((item: JsonSchema) => mapSchemas(item, visit));
    else if (schemaMapKeywords.includes(key) && isSchema) out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapSchemas(item as JsonSchema, visit)]));
    else out[key] = value;
  }
  return visit(out);
}

/** The JSON type of a value, as `type` names it. */
const jsonTypeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);

/**
 * Leaves out what says nothing a reader needs, each removal keeping the schema true of every value:
 * zod's long regex beside a standard `format`, the ±2^53 bounds of every integer, a record's
 * `propertyNames: {type: string}` and `additionalProperties: {}` (JSON keys are strings; anything
 * goes by default); and writes `anyOf` of bare types as one `type` list, marked parts as signatures.
 */
function compact(schema: JsonSchema): JsonSchema {
  return mapSchemas(schema, (node) => {
    const { pattern, minimum, maximum, propertyNames, additionalProperties, ...rest } = node;
    const kept: JsonSchema = rest;
    if (pattern !== undefined && !(typeof node.format === 'string' && standardFormats.has(node.format))) kept.pattern = pattern;
    const integer = node.type === 'integer';
    if (minimum !== undefined && !(integer && minimum === Number.MIN_SAFE_INTEGER)) kept.minimum = minimum;
    if (maximum !== undefined && !(integer && maximum === Number.MAX_SAFE_INTEGER)) kept.maximum = maximum;
    if (propertyNames !== undefined && !isStringType(propertyNames)) kept.propertyNames = propertyNames;
    if (additionalProperties !== undefined && !isEmptySchema(additionalProperties)) kept.additionalProperties = additionalProperties;
    const folded = withTypeList(kept);
    return folded[signatureMark] ? writtenAsSignature(folded) : folded;
  });
}

/**
 * What an output's reader (a client validating results, an agent) has no use for, once signatures
 * are written: `additionalProperties: false`, the `type` of a `const` or `enum`, and a `required`
 * that lists every property, which the presence rule at the top says once.
 */
function compactOutput(schema: JsonSchema): JsonSchema {
  return mapSchemas(schema, (node) => {
    const { additionalProperties, ...kept } = node;
    if (additionalProperties !== undefined && additionalProperties !== false) kept.additionalProperties = additionalProperties;
    dropImpliedType(kept);
    requiredOnlyWhereSomeAreNot(kept);
    return kept;
  });
}

/** Said at the top of every output schema: a `required` that lists every property is left out. */
export const presenceRule = 'Every property is present unless its object lists `required`.';

function requiredOnlyWhereSomeAreNot(node: JsonSchema): void {
  const properties = node.properties as JsonSchema | undefined;
  if (!properties) return;
  const required = (node.required ?? []) as string[];
  if (Object.keys(properties).every((name) => required.includes(name))) delete node.required;
  else node.required = required;
}

/** `anyOf: [{type: a}, {type: b}]` as `type: [a, b]` (a nullable integer, once its bounds are gone). */
function withTypeList(node: JsonSchema): JsonSchema {
  const branches = node.anyOf as JsonSchema[] | undefined;
  if (!branches || node.type !== undefined || !branches.every((branch) => Object.keys(branch).length === 1 && typeof branch.type === 'string')) return node;
  const { anyOf: _branches, ...rest } = node;
  return { type: branches.map((branch) => branch.type), ...rest };
}

// Tool-calling clients want a `type` on every input property; an output's reader does not need it restated.
function dropImpliedType(node: JsonSchema): void {
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (values && typeof node.type === 'string' && values.every((value) => jsonTypeOf(value) === node.type)) delete node.type;
}

/** The node as its type and a description ending in its signature. */
function writtenAsSignature(node: JsonSchema): JsonSchema {
  const { [signatureMark]: _mark, description, ...shape } = node;
  const union = (shape.anyOf ?? shape.oneOf) as JsonSchema[] | undefined;
  const types = new Set(union ? union.map((alternative) => alternative.type) : [shape.type]);
  const type = types.size === 1 ? [...types][0] : undefined;
  const said = typeof description === 'string' ? `${description} ` : '';
  return { ...(type ? { type } : {}), description: `${said}${signatureOf(shape)}` };
}

const defsPrefix = '#/$defs/';

/** Keeps a definition only where it is referred to twice or more: one used once goes back inline, one unused goes. */
function withSharedDefinitions(schema: JsonSchema): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const uses = new Map<string, number>();
  const reached: string[] = [];
  const count = (node: JsonSchema) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith(defsPrefix)) {
      const name = node.$ref.slice(defsPrefix.length);
      if (!uses.has(name)) reached.push(name);
      uses.set(name, (uses.get(name) ?? 0) + 1);
    }
    return node;
  };
  const { $defs: _defs, ...body } = schema;
  mapSchemas(body, count);
  // A definition's own references count once: it is written once, wherever it ends up.
  for (let i = 0; i < reached.length; i++) mapSchemas(defs[reached[i] as string] as JsonSchema, count);
  const shared = new Set([...uses.keys()].filter((name) => (uses.get(name) ?? 0) > 1));
  const inline = (node: JsonSchema): JsonSchema => {
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith(defsPrefix)) return node;
    const name = node.$ref.slice(defsPrefix.length);
    if (shared.has(name)) return node;
    const { $ref: _ref, ...siblings } = node;
    return { ...mapSchemas(defs[name] as JsonSchema, inline), ...siblings };
  };
  const result = mapSchemas(body, inline);
  if (!shared.size) return result;
  return { ...result, $defs: Object.fromEntries([...shared].map((name) => [name, mapSchemas(defs[name] as JsonSchema, inline)])) };
}

/** The same schema with its `$defs` put back in place, for embedding in another document (OpenAPI), where `#/$defs/…` would point elsewhere. */
export function embeddable(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $defs, ...body } = schema;
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  const inline = (node: JsonSchema): JsonSchema => {
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith(defsPrefix)) return node;
    const { $ref, ...siblings } = node;
    return { ...mapSchemas(defs[$ref.slice(defsPrefix.length)] as JsonSchema, inline), ...siblings };
  };
  return mapSchemas(body, inline);
}
