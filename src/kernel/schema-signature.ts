// json-schema.ts writes signatures with this module: it takes the plain JSON, to import nothing back.
type JsonSchema = Record<string, unknown>;

/**
 * A JSON Schema written as a TypeScript-like signature, about a third of its JSON's tokens:
 * `{title?: text<=70 /* The page <title>. *\/; tags: string[](<=5)}`. Bounds in brackets count
 * characters for a string, items for an array, the value for a number; `text<=n` is a string of
 * 1 to n characters, said once in front of a signature that uses it.
 */
export function signatureOf(schema: JsonSchema): string {
  const signature = fieldOf(schema);
  return signature.includes('text<=') ? `${textLegend} ${signature}` : signature;
}

/** What `text<=n` means; a schema with several signatures needs it once (see jsonSchemaOf). */
export const textLegend = '(text<=n: 1..n chars)';

function fieldOf(schema: JsonSchema): string {
  const described = typeof schema.description === 'string' ? ` /* ${schema.description.replace(/\*\//g, '* /')} */` : '';
  const defaulted = 'default' in schema ? ` = ${literal(schema.default)}` : '';
  return `${typeOf(schema)}${defaulted}${described}`;
}

/** `(1..70)`, `<=5`, `>=0` or nothing; `>`/`<` for exclusive bounds. */
function bounds(low: unknown, high: unknown, exclusiveLow?: unknown, exclusiveHigh?: unknown): string {
  const from = typeof exclusiveLow === 'number' ? `>${exclusiveLow}` : typeof low === 'number' ? String(low) : undefined;
  const to = typeof exclusiveHigh === 'number' ? `<${exclusiveHigh}` : typeof high === 'number' ? String(high) : undefined;
  const lower = from === undefined || from.startsWith('>') ? from : `>=${from}`;
  const upper = to === undefined || to.startsWith('<') ? to : `<=${to}`;
  if (from !== undefined && to !== undefined) return from === lower || to === upper ? `(${lower}, ${upper})` : `(${from}..${to})`;
  return lower ?? upper ?? '';
}

// Single quotes, as TypeScript allows: a double quote costs an escape in the JSON it ends up in.
const literal = (value: unknown) => (typeof value === 'string' && !value.includes("'") ? `'${value}'` : JSON.stringify(value));

const isUnion = (schema: JsonSchema) => Boolean(schema.anyOf ?? schema.oneOf) || Array.isArray(schema.type) || (Array.isArray(schema.enum) && schema.enum.length > 1);

const alternatives = (schemas: readonly JsonSchema[]) => schemas.map(fieldOf).join(' | ');

function typeOf(schema: JsonSchema): string {
  // A part shared under $defs goes by its name there.
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1) ?? 'unknown';
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join('|');
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return alternatives(union);
  if (Array.isArray(schema.type)) return schema.type.map((type: string) => typeOf({ ...schema, type })).join(' | ');
  switch (schema.type) {
    case 'object':
      return objectOf(schema);
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const item = fieldOf(items);
      // Brackets where `[]` would otherwise bind to the last alternative, or follow a pattern or a comment.
      return `${isUnion(items) || (item.includes(' ') && !item.startsWith('{')) ? `(${item})` : item}[]${bounds(schema.minItems, schema.maxItems)}`;
    }
    case 'string': {
      const pattern = typeof schema.pattern === 'string' ? ` /${schema.pattern}/` : '';
      // Non-empty text up to a length is most strings here: it gets the shortest form.
      if (schema.minLength === 1 && typeof schema.maxLength === 'number' && !schema.format) return `text<=${schema.maxLength}${pattern}`;
      return `${typeof schema.format === 'string' ? schema.format : 'string'}${bounds(schema.minLength, schema.maxLength)}${pattern}`;
    }
    case 'integer':
    case 'number':
      return `${schema.type}${bounds(schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum)}`;
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    default:
      return 'unknown';
  }
}

function objectOf(schema: JsonSchema): string {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return 'object';
  const required = new Set((schema.required ?? []) as string[]);
  const fields = Object.entries(properties).map(([name, property]) => `${name}${required.has(name) ? '' : '?'}: ${fieldOf(property)}`);
  return `{${fields.join('; ')}}`;
}
