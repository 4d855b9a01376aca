/**
 * What an invoice document shows, every amount already computed and formatted: the PDF
 * renders exactly these strings, so it always agrees with the JSON to the unit.
 */
export interface InvoiceDocument {
  invoice_id: string;
  number: string;
  /** YYYY-MM-DD */
  issue_date: string;
  /** YYYY-MM-DD */
  due_date: string;
  currency: string;
  seller: Party;
  customer: Party;
  lines: Array<{
    description: string;
    /** As the caller gave it: "1.5", "3". */
    quantity: string;
    unit_price: string;
    /** "20%" or null when the line has no tax. */
    tax_rate: string | null;
    /** The line's discount, formatted ("-€10.00"), or null. */
    discount: string | null;
    /** quantity × unit price − line discount, formatted. */
    amount: string;
  }>;
  tax_breakdown: Array<{ rate: string; taxable: string; tax: string }>;
  totals: { subtotal: string; discount: string | null; tax: string; total: string };
  notes: string | null;
  payment_link: string | null;
  /** ISO 8601; the PDF's creation date: the only part of the bytes that varies between renders. */
  created_at: string;
}

export interface Party {
  name: string;
  email?: string | null;
  address?: string | null;
  tax_id?: string | null;
}
