/**
 * A seller's logo as an image XObject. Decoding a PNG (and splitting its alpha channel) costs more
 * than the rest of an invoice, and a seller's logo is the same on every invoice: each logo is
 * decoded once per thread and its compressed streams copied into every PDF that shows it.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFContext } from 'pdf-lib';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { Logo } from './document.js';

interface Prepared {
  width: number;
  height: number;
  image: PDFRawStream;
  /** The alpha channel of a PNG with transparency. */
  mask: PDFRawStream | null;
}

/** Logos decoded in this thread, most recently used last: a few sellers at a time. */
const prepared = new Map<string, Promise<Prepared>>();
const keep = 8;

async function prepare(logo: Logo): Promise<Prepared> {
  const scratch = await PDFDocument.create({ updateMetadata: false });
  const bytes = Buffer.from(logo.bytes, 'base64');
  let image;
  try {
    image = logo.type === 'png' ? await scratch.embedPng(bytes) : await scratch.embedJpg(bytes);
    // pdf-lib writes the image's objects when the document is saved.
    await scratch.flush();
  } catch (error) {
    throw new OutcomeError('invalid_input', `logo: the ${logo.type.toUpperCase()} image cannot be read (${(error as Error).message}); send another PNG or JPEG.`);
  }
  const stream = scratch.context.lookup(image.ref);
  if (!(stream instanceof PDFRawStream)) throw new Error('pdf-lib wrote the logo as an unexpected object.');
  const maskRef = stream.dict.get(PDFName.of('SMask'));
  const mask = maskRef instanceof PDFRef ? scratch.context.lookup(maskRef) : null;
  return { width: image.width, height: image.height, image: stream, mask: mask instanceof PDFRawStream ? mask : null };
}

/** Embeds `logo` into the PDF of `context`: its reference and its size in pixels. */
export async function embedLogo(context: PDFContext, logo: Logo): Promise<{ ref: PDFRef; width: number; height: number }> {
  const key = createHash('sha1').update(logo.bytes).digest('base64');
  let entry = prepared.get(key);
  if (entry) prepared.delete(key);
  else entry = prepare(logo);
  prepared.set(key, entry);
  if (prepared.size > keep) prepared.delete(prepared.keys().next().value as string);
  let ready: Prepared;
  try {
    ready = await entry;
  } catch (error) {
    prepared.delete(key);
    throw error;
  }
  const copy = (stream: PDFRawStream): PDFRawStream => PDFRawStream.of(stream.dict.clone(context), stream.contents);
  const image = copy(ready.image);
  if (ready.mask) image.dict.set(PDFName.of('SMask'), context.register(copy(ready.mask)));
  else image.dict.delete(PDFName.of('SMask'));
  return { ref: context.register(image), width: ready.width, height: ready.height };
}
