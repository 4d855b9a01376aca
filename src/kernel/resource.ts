import type { Caller } from './caller.js';
import type { FileStore, Log, StoreHandle } from './context.js';
import { OutcomeError } from './errors.js';
import type { Scope } from './scopes.js';

/** Every artifact's URI starts so: `agent-outcomes://invoices/inv_…/pdf`. */
export const resourceScheme = 'agent-outcomes';

/** An MCP `resource_link` content item: where a tool's artifact can be read with resources/read. */
export interface ResourceLink {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
  description: string;
}

/** What a read returns: text (HTML, Markdown, CSV, captions) or bytes (a PDF). */
export type ResourceBody = { mimeType: string; text: string } | { mimeType: string; bytes: Uint8Array };

/** What reading an artifact may use: the caller's own data only. */
export interface ResourceContext {
  caller: Caller;
  store: StoreHandle;
  files: FileStore;
  baseUrl: string;
  now: () => Date;
  log: Log;
}

export interface ResourceSpec<P extends string> {
  /** A short identifier: `invoice_pdf`. */
  name: string;
  title: string;
  description: string;
  /**
   * RFC 6570 level 1, each `{param}` one path segment:
   * `agent-outcomes://widgets/{widget_id}/versions/{version}/page.html`.
   */
  uriTemplate: string;
  mimeType: string;
  /** The scope a key needs to read it (`:write` implies `:read`). */
  scope: Scope;
  /** How long a client may cache a read: an hour by default, for artifacts that never change once made; 0 for ones that grow (an export). */
  ttlMs?: number;
  /**
   * Reads one artifact of the caller's account; an id that is not the account's is `not_found`
   * (another account's artifact does not exist for it).
   */
  read(params: Readonly<Record<P, string>>, ctx: ResourceContext): Promise<ResourceBody>;
  /** The links a tool's result carries to this artifact: tool name → the params found in its output (none when it made none). */
  linkedFrom?: Readonly<Record<string, (output: Record<string, unknown>) => Array<Readonly<Record<P, string>> & { label: string }>>>;
}

/** A resource as the registry holds it, with its URI template compiled. */
export interface Resource extends Omit<ResourceSpec<string>, 'read' | 'linkedFrom' | 'ttlMs'> {
  ttlMs: number;
  read(params: Readonly<Record<string, string>>, ctx: ResourceContext): Promise<ResourceBody>;
  linkedFrom: Readonly<Record<string, (output: Record<string, unknown>) => Array<Readonly<Record<string, string>> & { label: string }>>>;
  params: readonly string[];
  /** Matches a URI of this template, capturing its params. */
  pattern: RegExp;
  /** The URI of one artifact. */
  uri(params: Readonly<Record<string, string>>): string;
}

const templateParam = /\{([a-z_][a-z0-9_]*)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function defineResource<P extends string>(spec: ResourceSpec<P>): Resource {
  if (!spec.uriTemplate.startsWith(`${resourceScheme}://`)) throw new Error(`Resource ${spec.name}: its URI template must start with ${resourceScheme}://`);
  const params = [...spec.uriTemplate.matchAll(templateParam)].map((match) => match[1] as string);
  const pieces = spec.uriTemplate.split(templateParam);
  // split() with a capturing group alternates literal text and param names.
  const pattern = new RegExp(`^${pieces.map((piece, index) => (index % 2 === 1 ? '([^/?#]+)' : escapeRegExp(piece))).join('')}$`);
  return {
    ...spec,
    ttlMs: spec.ttlMs ?? 3_600_000,
    // The registry calls read only with params its pattern captured: every name of the template.
    read: (params, ctx) => spec.read(params, ctx),
    linkedFrom: spec.linkedFrom ?? {},
    params,
    pattern,
    uri: (values) =>
      spec.uriTemplate.replace(templateParam, (_, name: string) => {
        const value = values[name];
        if (!value) throw new Error(`Resource ${spec.name}: a link needs its "${name}"`);
        return encodeURIComponent(value);
      }),
  };
}

/**
 * Every artifact kind the outcomes declare, found by URI; and the links a tool's result
 * carries to the artifacts it made.
 */
export class ResourceRegistry {
  private readonly linkers = new Map<string, Resource[]>();

  constructor(readonly resources: readonly Resource[]) {
    const names = new Set<string>();
    for (const resource of resources) {
      if (names.has(resource.name)) throw new Error(`Two resources are named ${resource.name}`);
      names.add(resource.name);
      for (const tool of Object.keys(resource.linkedFrom)) this.linkers.set(tool, [...(this.linkers.get(tool) ?? []), resource]);
    }
  }

  /** The resource a URI names, with its params; undefined when no template matches. */
  match(uri: string): { resource: Resource; params: Record<string, string> } | undefined {
    for (const resource of this.resources) {
      const found = resource.pattern.exec(uri);
      if (!found) continue;
      try {
        return { resource, params: Object.fromEntries(resource.params.map((name, index) => [name, decodeURIComponent(found[index + 1] as string)])) };
      } catch {
        return undefined; // a malformed %-escape names nothing
      }
    }
    return undefined;
  }

  /**
   * The `resource_link`s for a tool's output: one per artifact it made or returned, and one per URI its
   * `components[].resources` list (the parts a composing tool made with other tools).
   */
  linksOf(toolName: string, output: Record<string, unknown>): ResourceLink[] {
    const link = (resource: Resource, uri: string, name: string): ResourceLink => ({ uri, name, mimeType: resource.mimeType, title: resource.title, description: resource.description });
    const own = (this.linkers.get(toolName) ?? []).flatMap((resource) => (resource.linkedFrom[toolName]?.(output) ?? []).map(({ label, ...params }) => link(resource, resource.uri(params), label)));
    const components = Array.isArray(output.components) ? (output.components as Array<{ component?: unknown; resources?: unknown }>) : [];
    const parts = components.flatMap((component) =>
      (Array.isArray(component.resources) ? component.resources : []).flatMap((uri) => {
        const found = typeof uri === 'string' ? this.match(uri) : undefined;
        return found ? [link(found.resource, uri as string, typeof component.component === 'string' ? component.component : found.resource.name)] : [];
      }),
    );
    return [...own, ...parts];
  }

  /** Reads an artifact for a caller, with how long it may be cached: unknown URIs and other accounts' artifacts are not found; a key without the scope is refused. */
  async read(uri: string, ctx: ResourceContext, grants: (scope: Scope) => boolean): Promise<ResourceBody & { ttlMs: number }> {
    const found = this.match(uri);
    if (!found) throw new OutcomeError('not_found', `No resource ${uri.slice(0, 200)}; resources/templates/list shows the URIs this server serves.`);
    if (!grants(found.resource.scope)) {
      throw new OutcomeError('insufficient_scope', `Reading ${found.resource.name} resources needs the scope "${found.resource.scope}".`, { details: { required_scope: found.resource.scope } });
    }
    return { ...(await found.resource.read(found.params, ctx)), ttlMs: found.resource.ttlMs };
  }
}
