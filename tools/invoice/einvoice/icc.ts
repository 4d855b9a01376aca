/**
 * An sRGB ICC profile (version 2.1, display class, matrix/TRC), built from the sRGB definition
 * (IEC 61966-2.1) rather than shipped as a file: PDF/A needs an output intent with an ICC
 * profile, and the invoice PDF draws in DeviceRGB. The colorants are sRGB's primaries adapted
 * to the D50 profile connection space (Bradford), as in the widely used sRGB profiles; the tone
 * curve is sRGB's piecewise function sampled at 1024 points.
 */

const curvePoints = 1024;

/** s15Fixed16Number: a signed 32-bit value with 16 fractional bits. */
const s15Fixed16 = (value: number) => Math.round(value * 65536);

/** sRGB's electro-optical transfer: the linear light of an encoded value in 0…1. */
const srgbToLinear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);

class Writer {
  readonly bytes: Buffer;
  private at = 0;
  constructor(size: number) {
    this.bytes = Buffer.alloc(size);
  }
  ascii(text: string): this {
    this.at += this.bytes.write(text, this.at, 'latin1');
    return this;
  }
  u8(value: number): this {
    this.at = this.bytes.writeUInt8(value, this.at);
    return this;
  }
  u16(value: number): this {
    this.at = this.bytes.writeUInt16BE(value, this.at);
    return this;
  }
  u32(value: number): this {
    this.at = this.bytes.writeUInt32BE(value, this.at);
    return this;
  }
  i32(value: number): this {
    this.at = this.bytes.writeInt32BE(value, this.at);
    return this;
  }
}

function xyz(x: number, y: number, z: number): Buffer {
  return new Writer(20).ascii('XYZ ').u32(0).i32(s15Fixed16(x)).i32(s15Fixed16(y)).i32(s15Fixed16(z)).bytes;
}

function curve(): Buffer {
  const writer = new Writer(12 + 2 * curvePoints).ascii('curv').u32(0).u32(curvePoints);
  for (let index = 0; index < curvePoints; index++) writer.u16(Math.round(srgbToLinear(index / (curvePoints - 1)) * 65535));
  return writer.bytes;
}

/** textDescriptionType (ICC v2): an ASCII description, no Unicode or ScriptCode variants. */
function description(text: string): Buffer {
  const ascii = text.length + 1;
  return new Writer(12 + ascii + 4 + 4 + 2 + 1 + 67).ascii('desc').u32(0).u32(ascii).ascii(text).u8(0).u32(0).u32(0).u16(0).u8(0).bytes;
}

function text(value: string): Buffer {
  return new Writer(8 + value.length + 1).ascii('text').u32(0).ascii(value).u8(0).bytes;
}

function build(): Uint8Array {
  const trc = curve();
  const tags: Array<[string, Buffer]> = [
    ['desc', description('sRGB IEC61966-2.1')],
    ['cprt', text('No copyright, use freely')],
    ['wtpt', xyz(0.9642, 1.0, 0.8249)],
    ['rXYZ', xyz(0.436066, 0.222488, 0.013916)],
    ['gXYZ', xyz(0.385147, 0.716873, 0.097076)],
    ['bXYZ', xyz(0.143066, 0.060608, 0.714096)],
    ['rTRC', trc],
    ['gTRC', trc],
    ['bTRC', trc],
  ];
  const pad = (size: number) => (size + 3) & ~3;
  // The three tone curves share one copy of the data: the ICC format lets tags point at the same bytes.
  const blocks = new Map<Buffer, number>();
  let offset = 128 + 4 + 12 * tags.length;
  for (const [, data] of tags) {
    if (blocks.has(data)) continue;
    blocks.set(data, offset);
    offset += pad(data.length);
  }
  const size = offset;
  const writer = new Writer(size);
  writer.u32(size).u32(0).u32(0x02100000).ascii('mntr').ascii('RGB ').ascii('XYZ ');
  writer.u16(2026).u16(1).u16(1).u16(0).u16(0).u16(0);
  writer.ascii('acsp').u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0);
  writer.i32(s15Fixed16(0.9642)).i32(s15Fixed16(1.0)).i32(s15Fixed16(0.8249));
  writer.u32(0).bytes.fill(0, 84, 128);
  const table = new Writer(4 + 12 * tags.length).u32(tags.length);
  for (const [signature, data] of tags)
    table
      .ascii(signature)
      .u32(blocks.get(data) as number)
      .u32(data.length);
  table.bytes.copy(writer.bytes, 128);
  for (const [data, at] of blocks) data.copy(writer.bytes, at);
  return new Uint8Array(writer.bytes);
}

let cached: Uint8Array | undefined;

/** The profile's bytes (about 2.3 kB), built once per process. */
export function srgbProfile(): Uint8Array {
  cached ??= build();
  return cached;
}
