import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { Caller } from '../kernel/caller.js';
import { grants } from '../kernel/scopes.js';
import { OutcomeError } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import type { Scope } from '../kernel/scopes.js';
import type { FileMaker, FileMakerContext } from '../kernel/context.js';

export interface StoredFile {
  id: string;
  name: string;
  content_type: string;
  bytes: Uint8Array;
}

/** How long a share link works unless a tool asks otherwise. */
export const defaultShareTtlMs = 30 * 24 * 60 * 60_000;

type FileRow = StoredFile & { maker: string | null; maker_input: string | null };

const fileColumns = ['id', 'name', 'content_type', 'bytes', 'scope', 'maker', 'maker_input'] as const;

/**
 * Files that outcomes produce (invoice PDFs, …): stored per account, downloadable with an
 * agent key of that account holding the file's scope (`/api/agents/files/:fileId`), or by
 * anyone holding a signed, expiring share link (`/share/:token`) — for the customer.
 * A file saved for later is made by its module's FileMaker on the first download, then stored.
 */
export class Files {
  private secret: Buffer | undefined;
  /** Files being made now, by id: a second download at the same time waits for the same bytes. */
  private readonly making = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly baseUrl: () => string,
    private readonly makers: { byName: ReadonlyMap<string, FileMaker>; context: FileMakerContext } | null = null,
  ) {}

  async save(file: { accountId: string; name: string; contentType: string; scope: Scope; bytes: Uint8Array }, db = this.store.db): Promise<string> {
    return this.insert(file, file.bytes, null, db);
  }

  async saveLater(file: { accountId: string; name: string; contentType: string; scope: Scope; maker: string; input: unknown }): Promise<string> {
    // Refused now rather than at the download: a file no maker can make would never download.
    if (!this.makers?.byName.has(file.maker)) throw new Error(`No file maker "${file.maker}" is declared by any outcome module`);
    return this.insert(file, new Uint8Array(0), { maker: file.maker, input: JSON.stringify(file.input) });
  }

  private async insert(
    file: { accountId: string; name: string; contentType: string; scope: Scope },
    bytes: Uint8Array,
    later: { maker: string; input: string } | null,
    db = this.store.db,
  ): Promise<string> {
    const id = newId(platformIds.file);
    await db
      .insertInto('files')
      .values({
        id,
        account_id: file.accountId,
        name: file.name,
        content_type: file.contentType,
        scope: file.scope,
        bytes,
        maker: later?.maker ?? null,
        maker_input: later?.input ?? null,
        created_at: this.now().toISOString(),
      })
      .execute();
    return id;
  }

  /** A file's bytes: as stored, or made now (once, however many ask at the same time) and stored for the next download. */
  private async withBytes(row: FileRow): Promise<StoredFile> {
    const file = { id: row.id, name: row.name, content_type: row.content_type, bytes: row.bytes };
    if (!row.maker) return file;
    let made = this.making.get(row.id);
    if (!made) {
      const maker = this.makers?.byName.get(row.maker);
      if (!maker) throw new Error(`File ${row.id} needs the file maker "${row.maker}", which no outcome module declares`);
      made = maker
        .make(JSON.parse(row.maker_input ?? 'null'), this.makers!.context)
        .then(async (bytes) => {
          await this.store.db.updateTable('files').set({ bytes, maker: null, maker_input: null }).where('id', '=', row.id).where('maker', 'is not', null).execute();
          return bytes;
        })
        .finally(() => this.making.delete(row.id));
      this.making.set(row.id, made);
    }
    return { ...file, bytes: await made };
  }

  /** A file for a caller: another account's file, or one outside the key's scopes, does not exist for it. */
  async forCaller(id: string, caller: Caller): Promise<StoredFile> {
    const row = await this.store.db.selectFrom('files').select(fileColumns).where('id', '=', id).where('account_id', '=', caller.accountId).executeTakeFirst();
    if (!row) throw new OutcomeError('not_found', `No file ${id} for this account.`);
    if (!grants(caller.scopes, row.scope)) {
      throw new OutcomeError('insufficient_scope', `Downloading this file needs the scope "${row.scope}".`, { details: { required_scope: row.scope } });
    }
    return this.withBytes(row);
  }

  /** The absolute URL that downloads a file with an agent key. */
  url(id: string): string {
    return `${this.baseUrl()}/api/agents/files/${id}`;
  }

  /** A link anyone can open until it expires: `/share/<file id>.<expiry>.<signature>`. */
  async shareUrl(id: string, ttlMs = defaultShareTtlMs): Promise<{ url: string; expires_at: string }> {
    const expiresAt = new Date(this.now().getTime() + ttlMs);
    const payload = `${id}.${Math.floor(expiresAt.getTime() / 1000)}`;
    return { url: `${this.baseUrl()}/share/${payload}.${await this.sign(payload)}`, expires_at: expiresAt.toISOString() };
  }

  /** An HMAC-SHA256 signature (base64url, 43 characters) of `payload`: what makes a link a credential. */
  async sign(payload: string): Promise<string> {
    return createHmac('sha256', await this.signingSecret())
      .update(payload)
      .digest('base64url');
  }

  /** Whether `signature` is this service's signature of `payload`, compared in constant time. */
  async verifySignature(payload: string, signature: string): Promise<boolean> {
    // Compared as canonical text: base64url decoding ignores a last character's spare bits.
    const expected = Buffer.from(await this.sign(payload));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async fromShareToken(token: string): Promise<StoredFile> {
    const match = /^(file_[0-9a-z]{26})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    const invalid = new OutcomeError('not_found', 'This share link is not valid. Ask the sender for a new link.');
    if (!match) throw invalid;
    const [, id, expiry, signature] = match as unknown as [string, string, string, string];
    if (!(await this.verifySignature(`${id}.${expiry}`, signature))) throw invalid;
    if (Number(expiry) * 1000 < this.now().getTime()) {
      throw new OutcomeError('not_found', 'This share link has expired. Ask the sender for a new link.');
    }
    const row = await this.store.db.selectFrom('files').select(fileColumns).where('id', '=', id).executeTakeFirst();
    if (!row) throw invalid;
    return this.withBytes(row);
  }

  /** The HMAC key for share links: made once per database, so every instance signs alike. */
  private async signingSecret(): Promise<Buffer> {
    if (this.secret) return this.secret;
    await this.store.db
      .insertInto('settings')
      .values({ key: 'share_secret', value: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await this.store.db.selectFrom('settings').select('value').where('key', '=', 'share_secret').executeTakeFirstOrThrow();
    this.secret = Buffer.from(row.value, 'base64url');
    return this.secret;
  }
}
