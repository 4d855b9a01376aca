/**
 * Zip archives of generated sites: fflate writes the container, Node's zlib (native code) deflates each
 * entry. fflate's own deflate is JavaScript and took most of a 1,000-page directory build; a ZipPassThrough
 * subclass that compresses in process() is fflate's documented way to bring another compressor.
 */
import { deflateRawSync } from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';

/** Deflate, as zip method 8, on the whole entry at once (the sites' files are built in memory). */
class NativeDeflate extends ZipPassThrough {
  constructor(
    filename: string,
    private readonly level: number,
  ) {
    super(filename);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, deflateRawSync(chunk, { level: this.level }), final);
  }
}

/** Every file's path in the archive and its content; entries keep this order. */
export type ZipEntries = Record<string, string | Uint8Array>;

/**
 * The archive's bytes. `mtime` is fixed by default (2000-01-01) so that the same site zips to the same bytes;
 * `level` is zlib's (1 fast … 9 small).
 */
export function zipFiles(entries: ZipEntries, options: { level?: number; mtime?: Date } = {}): Uint8Array {
  const { level = 6, mtime = new Date('2000-01-01T00:00:00Z') } = options;
  const chunks: Uint8Array[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, data) => {
    if (error) failures.push(error);
    else chunks.push(data);
  });
  for (const [name, content] of Object.entries(entries)) {
    const entry = new NativeDeflate(name, level);
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, true);
  }
  zip.end();
  if (failures[0]) throw failures[0];
  return Buffer.concat(chunks);
}
