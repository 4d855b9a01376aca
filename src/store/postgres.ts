import { EventEmitter } from 'node:events';
import {
  DataTypeNode,
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Client, Pool, PoolConfig } from 'pg';
import type { Logger } from 'pino';

/** PostgreSQL's type ids whose text form pg would hand back as strings: int8 (counts, our integer columns) and numeric (sums). */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Numbers come back as numbers, as they do from SQLite: code compares `=== 1` and
 * `!== predicted`, and a string there would loop or mislead. A value past 2^53 would lose
 * digits, so it fails loudly instead. Per pool, so that no other pg user in the process is changed.
 */
function asSafeNumber(text: string): number {
  const value = Number(text);
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new Error(`A database number (${text}) is larger than JavaScript numbers hold exactly.`);
  }
  return value;
}

/** Loads pg only when PostgreSQL is configured, so the SQLite default and stdio start without it. */
export async function openPostgresPool(url: string, poolSize: number, log: Logger): Promise<Pool> {
  const { default: pg } = await import('pg');
  const config: PoolConfig = {
    connectionString: url,
    max: poolSize,
    // The application name shows in pg_stat_activity; an idle client's connection is kept a while for bursts.
    application_name: 'agent-outcomes',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        oid === INT8 || oid === NUMERIC ? asSafeNumber : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
    },
  };
  const pool = new pg.Pool(config);
  // Without a listener, an idle client's error (the server restarting) would crash the process; the pool replaces the client.
  pool.on('error', (error) => log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database connection lost; the pool reconnects'));
  return pool;
}

/**
 * Column types that differ between the dialects, mapped in one place: the migrations are
 * written once (SQLite's names) and this rewrites them for PostgreSQL. Bytes (`blob`) become
 * `bytea`; `integer` becomes `bigint` (SQLite's integers are 64-bit); `real` becomes
 * `double precision` (SQLite's reals are 8-byte). Timestamps stay ISO-8601 text, JSON stays
 * text and booleans stay 0/1 integers on both stores, so that rows read the same everywhere.
 */
const postgresTypes: Readonly<Record<string, string>> = { blob: 'bytea', integer: 'bigint', real: 'double precision' };

class PortableTypesTransformer extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    const mapped = postgresTypes[node.dataType];
    return mapped ? DataTypeNode.create(mapped as DataTypeNode['dataType']) : node;
  }
}

export class PortableTypes implements KyselyPlugin {
  readonly #transformer = new PortableTypesTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const listenStatement = (channel: string) => `LISTEN "${channel.replaceAll('"', '""')}"`;

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to queries), re-opened after
 * a drop: instances wake each other's idle workers at once; polling stays the fallback.
 */
export class Notifications {
  readonly #events = new EventEmitter();
  #client: Client | undefined;
  #closed = false;
  #connected = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.#events.setMaxListeners(0);
  }

  listen(channel: string, onNotify: () => void): () => void {
    const known = this.#events.listenerCount(channel) > 0;
    this.#events.on(channel, onNotify);
    if (!this.#client && !this.#retry) void this.#connect();
    else if (!known && this.#connected) void this.#client?.query(listenStatement(channel)).catch((error: Error) => this.#client?.emit('error', error));
    return () => this.#events.off(channel, onNotify);
  }

  async #connect(): Promise<void> {
    this.#retry = undefined;
    if (this.#closed) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.url, application_name: 'agent-outcomes (listen)' });
    const reconnect = (error?: Error) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#connected = false;
      void client.end().catch(() => undefined);
      if (this.#closed) return;
      if (error) this.log.warn({ err: { message: error.message } }, 'job notifications lost; polling until they are back');
      this.#retry = setTimeout(() => void this.#connect(), 1000);
      this.#retry.unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (message) => this.#events.emit(message.channel));
    this.#client = client;
    try {
      await client.connect();
      for (const channel of this.#events.eventNames()) await client.query(listenStatement(String(channel)));
      this.#connected = true;
    } catch (error) {
      reconnect(error as Error);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
