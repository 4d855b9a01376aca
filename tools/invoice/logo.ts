import { OutcomeError } from '../../src/kernel/errors.js';
import type { Logo } from './document.js';

/** The largest logo a seller profile holds: enough for a sharp logo, small beside the invoice. */
export const maxLogoBytes = 200 * 1024;

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A seller's logo, given as base64 PNG or JPEG bytes (never a URL: nothing is fetched), checked
 * so that the PDF can embed it: its size, its signature, and the header that gives its
 * dimensions. Light: the engine calls it where requests are served, before storing a profile.
 */
export function checkLogo(base64: string, path = 'logo'): Logo {
  const text = base64.trim().replace(/^data:image\/(?:png|jpeg|jpg);base64,/, '');
  if (!/^[A-Za-z0-9+/\s]*={0,2}$/.test(text) || text.replace(/\s/g, '').length % 4 !== 0) {
    throw new OutcomeError('invalid_input', `${path}: is not base64; send the PNG or JPEG file's bytes base64-encoded (not a URL).`);
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw new OutcomeError('invalid_input', `${path}: is empty; send a PNG or JPEG file's bytes, base64-encoded.`);
  if (bytes.length > maxLogoBytes) {
    throw new OutcomeError(
      'invalid_input',
      `${path}: the image is ${Math.ceil(bytes.length / 1024)} kB; at most ${maxLogoBytes / 1024} kB is accepted. Scale it down (a few hundred pixels wide is enough).`,
    );
  }
  const type = png.every((byte, index) => bytes[index] === byte) ? 'png' : bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff ? 'jpeg' : null;
  if (!type) throw new OutcomeError('invalid_input', `${path}: is neither a PNG nor a JPEG image (by its first bytes); convert it to PNG or JPEG.`);
  const size = type === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) {
    throw new OutcomeError('invalid_input', `${path}: the ${type.toUpperCase()} image is damaged: its header gives no size.`);
  }
  return { bytes: bytes.toString('base64'), type };
}

/** IHDR, which must come first, gives width and height. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) gives height and width. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let position = 2;
  while (position + 9 < bytes.length) {
    if (bytes[position] !== 0xff) return null;
    const marker = bytes[position + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker >= 0xd0 && marker <= 0xd9) {
      position += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(position + 5), width: bytes.readUInt16BE(position + 7) };
    }
    position += 2 + bytes.readUInt16BE(position + 2);
  }
  return null;
}
