/**
 * The e-invoice an invoice can be downloaded as, in one call: Factur-X (the PDF with its CII
 * embedded), XRechnung UBL or XRechnung CII. The integration maps the computed invoice with
 * einvoiceModel (model.ts) and passes the rendered PDF for Factur-X.
 */
import { ciiXml } from './cii.js';
import { facturx } from './facturx.js';
import type { EInvoiceModel } from './model.js';
import { ublXml } from './ubl.js';

export { einvoiceFormats, type EInvoiceFormat } from './model.js';
import type { EInvoiceFormat } from './model.js';

export interface EInvoiceFile {
  bytes: Uint8Array;
  content_type: 'application/pdf' | 'application/xml';
  filename: string;
}

/** A file name from the invoice number: letters, digits, dots, dashes and underscores; a Factur-X PDF is told apart from the plain one. */
const fileBase = (number: string) => number.replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * The invoice in `format`. Throws `unprocessable` (rules.ts) naming the EN 16931 or XRechnung
 * rules the invoice breaks and the fields to fix. `pdf` is the invoice PDF the renderer made
 * from the same computed invoice; only Factur-X reads it.
 */
export async function einvoiceFile(format: EInvoiceFormat, model: EInvoiceModel, pdf: () => Promise<Uint8Array>): Promise<EInvoiceFile> {
  const base = fileBase(model.number);
  switch (format) {
    case 'facturx': {
      const xml = ciiXml(model, 'facturx');
      return { bytes: await facturx(await pdf(), xml), content_type: 'application/pdf', filename: `${base}-facturx.pdf` };
    }
    case 'xrechnung_ubl':
      return { bytes: new TextEncoder().encode(ublXml(model)), content_type: 'application/xml', filename: `${base}.xml` };
    case 'xrechnung_cii':
      return { bytes: new TextEncoder().encode(ciiXml(model, 'xrechnung')), content_type: 'application/xml', filename: `${base}.xml` };
  }
}
