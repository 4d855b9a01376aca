/**
 * Factur-X 1.0 / ZUGFeRD 2.x: the invoice PDF made a PDF/A-3b with its CII XML embedded as
 * `factur-x.xml`. Added to the rendered PDF: the embedded file (AFRelationship /Alternative,
 * listed in the catalog's /AF and its EmbeddedFiles), XMP metadata saying PDF/A-3B and the
 * Factur-X extension schema (fx:DocumentType … fx:ConformanceLevel) in step with the document
 * information dictionary, an sRGB output intent, print flags on annotations, and a file ID.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFRef } from 'pdf-lib';
import { srgbProfile } from './icc.js';

export const facturxFileName = 'factur-x.xml';

/** fx:ConformanceLevel: EN 16931 for our CII; XRECHNUNG when the embedded XML is an XRechnung CII. */
export type FacturxLevel = 'EN 16931' | 'XRECHNUNG';

export interface FacturxMeta {
  /** Default 'EN 16931'. */
  conformance_level?: FacturxLevel;
  /** The embedded file's description; default "Factur-X invoice <number>" from the PDF's title. */
  description?: string;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The Factur-X extension schema: PDF/A wants every custom XMP property declared. */
const fxProperties: Array<[string, string]> = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

interface InfoValues {
  title: string | undefined;
  author: string | undefined;
  subject: string | undefined;
  keywords: string | undefined;
  creator: string | undefined;
  producer: string | undefined;
  created: Date | undefined;
  modified: Date | undefined;
}

/** XMP dates as the document information dictionary's, to the second, in UTC. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function xmp(info: InfoValues, level: FacturxLevel): string {
  const alt = (name: string, value: string | undefined) => (value === undefined ? '' : `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${name}>`);
  const simple = (name: string, value: string | undefined) => (value === undefined ? '' : `<${name}>${escapeXml(value)}</${name}>`);
  const properties = fxProperties
    .map(
      ([name, description]) =>
        `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
        `<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
    )
    .join('\n');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${alt('dc:title', info.title)}${info.author === undefined ? '' : `<dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>`}${alt('dc:description', info.subject)}</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">${simple('pdf:Producer', info.producer)}${simple('pdf:Keywords', info.keywords)}</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">${simple('xmp:CreatorTool', info.creator)}${simple('xmp:CreateDate', info.created && xmpDate(info.created))}${simple('xmp:ModifyDate', info.modified && xmpDate(info.modified))}</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${properties}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${facturxFileName}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>${level}</fx:ConformanceLevel></rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

function readInfo(pdf: PDFDocument): InfoValues {
  return {
    title: pdf.getTitle(),
    author: pdf.getAuthor(),
    subject: pdf.getSubject(),
    keywords: pdf.getKeywords(),
    creator: pdf.getCreator(),
    producer: pdf.getProducer(),
    created: pdf.getCreationDate(),
    modified: pdf.getModificationDate(),
  };
}

/** The XML as an embedded file, its file specification referenced from /AF and the EmbeddedFiles name tree. */
function embed(pdf: PDFDocument, xml: Uint8Array, description: string, modified: Date | undefined): PDFRef {
  const { context, catalog } = pdf;
  const params: Record<string, PDFNumber | PDFString> = { Size: PDFNumber.of(xml.length) };
  if (modified) params.ModDate = PDFString.fromDate(modified);
  const stream = context.register(context.flateStream(xml, { Type: 'EmbeddedFile', Subtype: 'text/xml', Params: params }));
  const fileSpec = context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of(facturxFileName),
      UF: PDFHexString.fromText(facturxFileName),
      EF: { F: stream, UF: stream },
      Desc: PDFHexString.fromText(description),
      AFRelationship: 'Alternative',
    }),
  );
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict) ?? context.obj({});
  if (names.has(PDFName.of('EmbeddedFiles'))) throw new Error('The invoice PDF already has embedded files; Factur-X embeds factur-x.xml into a PDF without any.');
  names.set(PDFName.of('EmbeddedFiles'), context.obj({ Names: [PDFHexString.fromText(facturxFileName), fileSpec] }));
  catalog.set(PDFName.of('Names'), names);
  catalog.set(PDFName.of('AF'), context.obj([fileSpec]));
  return fileSpec;
}

/** PDF/A: every annotation printable (flag 4) and none hidden. */
function printAnnotations(pdf: PDFDocument): void {
  for (const page of pdf.getPages()) {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) continue;
    for (let index = 0; index < annotations.size(); index++) {
      const annotation = annotations.lookup(index, PDFDict);
      const flags = annotation.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber() ?? 0;
      // Print on; Invisible (1), Hidden (2), ToggleNoView (256) and NoView (32) off.
      annotation.set(PDFName.of('F'), PDFNumber.of((flags | 4) & ~(1 | 2 | 32 | 256)));
    }
  }
}

/** The profile compressed once per process: the same bytes go into every Factur-X PDF. */
let compressedProfile: Uint8Array | undefined;

function outputIntent(pdf: PDFDocument): void {
  const { context, catalog } = pdf;
  compressedProfile ??= deflateSync(srgbProfile());
  const profile = context.register(context.stream(compressedProfile, { N: 3, Filter: 'FlateDecode' }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([intent]));
}

/**
 * The invoice PDF as a Factur-X PDF/A-3b carrying `ciiXml` as factur-x.xml. Pure: the same PDF
 * and XML give the same bytes (the file ID is a hash of both). The PDF is one our renderer made
 * (fonts embedded, no encryption, no embedded files yet); PDF/A conformance of other PDFs is not
 * checked here.
 */
export async function facturx(pdfBytes: Uint8Array, ciiXml: string, meta: FacturxMeta = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const xml = new TextEncoder().encode(ciiXml);
  const info = readInfo(pdf);
  const level = meta.conformance_level ?? 'EN 16931';
  embed(pdf, xml, meta.description ?? `Factur-X invoice${info.title ? `: ${info.title}` : ''}`, info.modified);
  const metadata = pdf.context.stream(new TextEncoder().encode(xmp(info, level)), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(metadata));
  outputIntent(pdf);
  printAnnotations(pdf);
  const id = createHash('sha256').update(pdfBytes).update(xml).digest('hex').slice(0, 32).toUpperCase();
  pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  return pdf.save({ useObjectStreams: false });
}
