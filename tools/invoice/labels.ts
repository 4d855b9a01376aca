/**
 * What an invoice document prints besides the caller's own text, in each language it can be
 * issued in: the terms invoices of that country use (de: Rechnung, Leistungsdatum, USt.; fr:
 * Facture, Total HT, TVA; ja: 請求書, 支払期限, 消費税), and dates and numbers written as the
 * invoice's locale writes them. Light on purpose: the engine reads it in the thread that serves
 * requests, the PDF renderer in the compute threads.
 */

export const languages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja'] as const;
export type Language = (typeof languages)[number];

export interface Labels {
  invoice: string;
  credit_note: string;
  invoice_number: string;
  credit_note_number: string;
  issue_date: string;
  /** A credit note's own date, where an invoice prints its issue date. */
  credit_note_date: string;
  /** The buyer's reference (EN 16931 BT-10; for German public buyers, the Leitweg-ID). */
  buyer_reference: string;
  /** The buyer's purchase order (BT-13). */
  order_reference: string;
  due_date: string;
  service_date: string;
  service_period: string;
  bill_to: string;
  from: string;
  description: string;
  quantity: string;
  unit_price: string;
  tax: string;
  discount: string;
  amount: string;
  /** The lines added up, before an invoice-level discount. */
  subtotal: string;
  /** The amount tax is charged on: the subtotal less the invoice's discount. */
  net: string;
  /** The lines added up on an invoice without a discount: the subtotal, which is also the net. */
  lines_total: string;
  /** The sum of the tax lines. */
  tax_total: string;
  total: string;
  amount_due: string;
  notes: string;
  pay_online: string;
  scan_or_open: string;
  tax_id: string;
  vat_id: string;
  phone: string;
  iban: string;
  bic: string;
  /** The stamp across every page of a voided invoice. */
  void_stamp: string;
  /** "Discount 5 %": the percentage already written in the locale. */
  discount_percent: (percent: string) => string;
  /** A discount of a fixed amount. */
  discount_fixed: string;
  /** A tax line: the rate and the amount it is charged on, both formatted. */
  tax_on: (rate: string, taxable: string) => string;
  /** "Page 1 of 3". */
  page: (page: number, pages: number) => string;
  /** A credit note's reference to the invoice it corrects; the date already formatted. */
  credit_note_for: (number: string, date: string) => string;
  /** From the start to the end of a service period, both formatted. */
  period: (start: string, end: string) => string;
}

const en: Labels = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  invoice_number: 'Invoice number',
  credit_note_number: 'Credit note number',
  issue_date: 'Issue date',
  credit_note_date: 'Credit note date',
  buyer_reference: 'Your reference',
  order_reference: 'Purchase order',
  due_date: 'Due date',
  service_date: 'Service date',
  service_period: 'Service period',
  bill_to: 'Bill to',
  from: 'From',
  description: 'Description',
  quantity: 'Qty',
  unit_price: 'Unit price',
  tax: 'Tax',
  discount: 'Discount',
  amount: 'Amount',
  subtotal: 'Subtotal',
  net: 'Net amount',
  lines_total: 'Subtotal',
  tax_total: 'Tax',
  total: 'Total',
  amount_due: 'Amount due',
  notes: 'Notes',
  pay_online: 'Pay online',
  scan_or_open: 'Scan the code or open the link:',
  tax_id: 'Tax ID',
  vat_id: 'VAT ID',
  phone: 'Phone',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'VOID',
  discount_percent: (percent) => `Discount ${percent}`,
  discount_fixed: 'Discount (fixed amount)',
  tax_on: (rate, taxable) => `Tax ${rate} on ${taxable}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
  credit_note_for: (number, date) => `Credit note for invoice ${number} of ${date}`,
  period: (start, end) => `${start} – ${end}`,
};

const de: Labels = {
  invoice: 'Rechnung',
  credit_note: 'Rechnungskorrektur',
  invoice_number: 'Rechnungsnummer',
  credit_note_number: 'Rechnungskorrektur Nr.',
  issue_date: 'Rechnungsdatum',
  credit_note_date: 'Datum der Korrektur',
  buyer_reference: 'Ihre Referenz',
  order_reference: 'Bestellnummer',
  due_date: 'Fällig am',
  service_date: 'Leistungsdatum',
  service_period: 'Leistungszeitraum',
  bill_to: 'Rechnungsempfänger',
  from: 'Von',
  description: 'Beschreibung',
  quantity: 'Menge',
  unit_price: 'Einzelpreis',
  tax: 'USt.',
  discount: 'Rabatt',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  net: 'Nettobetrag',
  lines_total: 'Nettobetrag',
  tax_total: 'USt. gesamt',
  total: 'Gesamtbetrag',
  amount_due: 'Zahlbetrag',
  notes: 'Hinweise',
  pay_online: 'Online bezahlen',
  scan_or_open: 'Code scannen oder Link öffnen:',
  tax_id: 'Steuernummer',
  vat_id: 'USt-IdNr.',
  phone: 'Telefon',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'STORNIERT',
  discount_percent: (percent) => `Rabatt ${percent}`,
  discount_fixed: 'Rabatt (Festbetrag)',
  tax_on: (rate, taxable) => `USt. ${rate} auf ${taxable}`,
  page: (page, pages) => `Seite ${page} von ${pages}`,
  credit_note_for: (number, date) => `Korrektur der Rechnung ${number} vom ${date}`,
  period: (start, end) => `${start} – ${end}`,
};

const fr: Labels = {
  invoice: 'Facture',
  credit_note: 'Avoir',
  invoice_number: 'Numéro de facture',
  credit_note_number: "Numéro d'avoir",
  issue_date: 'Date de facture',
  credit_note_date: "Date de l'avoir",
  buyer_reference: 'Votre référence',
  order_reference: 'N° de commande',
  due_date: "Date d'échéance",
  service_date: 'Date de prestation',
  service_period: 'Période de prestation',
  bill_to: 'Facturé à',
  from: 'De',
  description: 'Désignation',
  quantity: 'Quantité',
  unit_price: 'Prix unitaire',
  tax: 'TVA',
  discount: 'Remise',
  amount: 'Montant HT',
  subtotal: 'Sous-total HT',
  net: 'Total HT',
  lines_total: 'Total HT',
  tax_total: 'Total TVA',
  total: 'Total TTC',
  amount_due: 'Net à payer',
  notes: 'Remarques',
  pay_online: 'Payer en ligne',
  scan_or_open: 'Scannez le code ou ouvrez le lien :',
  tax_id: "Numéro d'identification fiscale",
  vat_id: 'N° TVA intracommunautaire',
  phone: 'Téléphone',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'ANNULÉE',
  discount_percent: (percent) => `Remise ${percent}`,
  discount_fixed: 'Remise (montant fixe)',
  tax_on: (rate, taxable) => `TVA ${rate} sur ${taxable}`,
  page: (page, pages) => `Page ${page} sur ${pages}`,
  credit_note_for: (number, date) => `Avoir sur la facture ${number} du ${date}`,
  period: (start, end) => `du ${start} au ${end}`,
};

const es: Labels = {
  invoice: 'Factura',
  credit_note: 'Factura rectificativa',
  invoice_number: 'Número de factura',
  credit_note_number: 'Número de factura rectificativa',
  issue_date: 'Fecha de expedición',
  credit_note_date: 'Fecha de expedición',
  buyer_reference: 'Su referencia',
  order_reference: 'N.º de pedido',
  due_date: 'Fecha de vencimiento',
  service_date: 'Fecha de la operación',
  service_period: 'Período de la operación',
  bill_to: 'Cliente',
  from: 'Emisor',
  description: 'Concepto',
  quantity: 'Cantidad',
  unit_price: 'Precio unitario',
  tax: 'IVA',
  discount: 'Descuento',
  amount: 'Importe',
  subtotal: 'Subtotal',
  net: 'Base imponible',
  lines_total: 'Base imponible',
  tax_total: 'Total IVA',
  total: 'Total',
  amount_due: 'Importe a pagar',
  notes: 'Observaciones',
  pay_online: 'Pagar en línea',
  scan_or_open: 'Escanee el código o abra el enlace:',
  tax_id: 'NIF',
  vat_id: 'NIF-IVA',
  phone: 'Teléfono',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'ANULADA',
  discount_percent: (percent) => `Descuento ${percent}`,
  discount_fixed: 'Descuento (importe fijo)',
  tax_on: (rate, taxable) => `IVA ${rate} sobre ${taxable}`,
  page: (page, pages) => `Página ${page} de ${pages}`,
  credit_note_for: (number, date) => `Rectifica la factura ${number} del ${date}`,
  period: (start, end) => `del ${start} al ${end}`,
};

const it: Labels = {
  invoice: 'Fattura',
  credit_note: 'Nota di credito',
  invoice_number: 'Numero fattura',
  credit_note_number: 'Numero nota di credito',
  issue_date: 'Data fattura',
  credit_note_date: 'Data nota di credito',
  buyer_reference: 'Vostro riferimento',
  order_reference: 'N. ordine',
  due_date: 'Data di scadenza',
  service_date: 'Data della prestazione',
  service_period: 'Periodo della prestazione',
  bill_to: 'Cliente',
  from: 'Fornitore',
  description: 'Descrizione',
  quantity: 'Quantità',
  unit_price: 'Prezzo unitario',
  tax: 'IVA',
  discount: 'Sconto',
  amount: 'Importo',
  subtotal: 'Subtotale',
  net: 'Imponibile',
  lines_total: 'Imponibile',
  tax_total: 'Totale IVA',
  total: 'Totale',
  amount_due: 'Totale da pagare',
  notes: 'Note',
  pay_online: 'Paga online',
  scan_or_open: 'Scansiona il codice o apri il link:',
  tax_id: 'Codice fiscale',
  vat_id: 'Partita IVA',
  phone: 'Telefono',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'ANNULLATA',
  discount_percent: (percent) => `Sconto ${percent}`,
  discount_fixed: 'Sconto (importo fisso)',
  tax_on: (rate, taxable) => `IVA ${rate} su ${taxable}`,
  page: (page, pages) => `Pagina ${page} di ${pages}`,
  credit_note_for: (number, date) => `Nota di credito relativa alla fattura ${number} del ${date}`,
  period: (start, end) => `dal ${start} al ${end}`,
};

const nl: Labels = {
  invoice: 'Factuur',
  credit_note: 'Creditnota',
  invoice_number: 'Factuurnummer',
  credit_note_number: 'Creditnotanummer',
  issue_date: 'Factuurdatum',
  credit_note_date: 'Creditnotadatum',
  buyer_reference: 'Uw referentie',
  order_reference: 'Inkoopordernummer',
  due_date: 'Vervaldatum',
  service_date: 'Leverdatum',
  service_period: 'Leveringsperiode',
  bill_to: 'Factuuradres',
  from: 'Van',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unit_price: 'Stukprijs',
  tax: 'Btw',
  discount: 'Korting',
  amount: 'Bedrag',
  subtotal: 'Subtotaal',
  net: 'Totaal excl. btw',
  lines_total: 'Totaal excl. btw',
  tax_total: 'Totaal btw',
  total: 'Totaal incl. btw',
  amount_due: 'Te betalen',
  notes: 'Opmerkingen',
  pay_online: 'Online betalen',
  scan_or_open: 'Scan de code of open de link:',
  tax_id: 'Fiscaal nummer',
  vat_id: 'Btw-nummer',
  phone: 'Telefoon',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'GEANNULEERD',
  discount_percent: (percent) => `Korting ${percent}`,
  discount_fixed: 'Korting (vast bedrag)',
  tax_on: (rate, taxable) => `Btw ${rate} over ${taxable}`,
  page: (page, pages) => `Pagina ${page} van ${pages}`,
  credit_note_for: (number, date) => `Creditnota bij factuur ${number} van ${date}`,
  period: (start, end) => `${start} t/m ${end}`,
};

const pt: Labels = {
  invoice: 'Fatura',
  credit_note: 'Nota de crédito',
  invoice_number: 'Número da fatura',
  credit_note_number: 'Número da nota de crédito',
  issue_date: 'Data de emissão',
  credit_note_date: 'Data de emissão',
  buyer_reference: 'A sua referência',
  order_reference: 'N.º de encomenda',
  due_date: 'Data de vencimento',
  service_date: 'Data da prestação',
  service_period: 'Período da prestação',
  bill_to: 'Cliente',
  from: 'Fornecedor',
  description: 'Descrição',
  quantity: 'Quantidade',
  unit_price: 'Preço unitário',
  tax: 'IVA',
  discount: 'Desconto',
  amount: 'Valor',
  subtotal: 'Subtotal',
  net: 'Total sem IVA',
  lines_total: 'Total sem IVA',
  tax_total: 'Total IVA',
  total: 'Total',
  amount_due: 'Total a pagar',
  notes: 'Observações',
  pay_online: 'Pagar online',
  scan_or_open: 'Leia o código ou abra a ligação:',
  tax_id: 'NIF',
  vat_id: 'N.º de IVA',
  phone: 'Telefone',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: 'ANULADA',
  discount_percent: (percent) => `Desconto ${percent}`,
  discount_fixed: 'Desconto (valor fixo)',
  tax_on: (rate, taxable) => `IVA ${rate} sobre ${taxable}`,
  page: (page, pages) => `Página ${page} de ${pages}`,
  credit_note_for: (number, date) => `Nota de crédito referente à fatura ${number} de ${date}`,
  period: (start, end) => `de ${start} a ${end}`,
};

const ja: Labels = {
  invoice: '請求書',
  credit_note: '返還インボイス',
  invoice_number: '請求書番号',
  credit_note_number: '返還インボイス番号',
  issue_date: '請求日',
  credit_note_date: '発行日',
  buyer_reference: '貴社参照番号',
  order_reference: '注文番号',
  due_date: '支払期限',
  service_date: '取引年月日',
  service_period: '取引期間',
  bill_to: '請求先',
  from: '請求元',
  description: '品目',
  quantity: '数量',
  unit_price: '単価',
  tax: '税率',
  discount: '値引き',
  amount: '金額',
  subtotal: '小計',
  net: '税抜合計',
  lines_total: '小計',
  tax_total: '消費税',
  total: '合計',
  amount_due: 'ご請求金額',
  notes: '備考',
  pay_online: 'オンライン決済',
  scan_or_open: 'コードを読み取るか、リンクを開いてください：',
  tax_id: '法人番号',
  vat_id: '登録番号',
  phone: '電話',
  iban: 'IBAN',
  bic: 'BIC',
  void_stamp: '無効',
  discount_percent: (percent) => `値引き ${percent}`,
  discount_fixed: '値引き（定額）',
  tax_on: (rate, taxable) => `${rate}対象 ${taxable} 消費税`,
  page: (page, pages) => `${page} / ${pages} ページ`,
  credit_note_for: (number, date) => `請求書 ${number}（${date}）に対する返還インボイス`,
  period: (start, end) => `${start} ～ ${end}`,
};

const byLanguage: Record<Language, Labels> = { en, de, fr, es, it, nl, pt, ja };

export const labelsFor = (language: Language): Labels => byLanguage[language];

export const isLanguage = (value: string): value is Language => (languages as readonly string[]).includes(value);

/** The invoice's language: as given, else the locale's (de-DE → de), else English. */
export function languageOf(locale: string, given: Language | undefined): { language: Language; fallback: boolean } {
  if (given) return { language: given, fallback: false };
  const primary = new Intl.Locale(locale).language;
  return isLanguage(primary) ? { language: primary, fallback: false } : { language: 'en', fallback: true };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How invoices write dates: with the month's name in English (Nov 22, 2026: 11/22 and 22/11 are
 * both read), in full in Chinese and Japanese (2026年11月22日), numeric elsewhere as the
 * locale orders it (de-DE 22.11.2026, fr-FR 22/11/2026, nl-NL 22-11-2026).
 */
function dateOptions(locale: string): Intl.DateTimeFormatOptions {
  const { language } = new Intl.Locale(locale);
  if (language === 'en') return { dateStyle: 'medium', timeZone: 'UTC' };
  if (language === 'ja' || language === 'zh') return { dateStyle: 'long', timeZone: 'UTC' };
  return { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
}

/** A YYYY-MM-DD date as an invoice in `locale` writes it. */
export function formatDate(date: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, dateOptions(locale));
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A decimal string ("12.5") as the locale writes numbers (de-DE 12,5), exactly: Intl formats decimal strings without floats. */
export function formatDecimal(decimal: string, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(decimal as unknown as number);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A percentage given as a decimal string of percent ("7.5") in the locale: 7.5%, 7,5 %, 7,5 %. */
export function formatPercent(percent: string, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 20 });
    percentFormats.set(locale, format);
  }
  // Scaled as a string: "7.5" → "0.075", so that no float rounds it.
  return format.format(`${percent}E-2` as unknown as number);
}
