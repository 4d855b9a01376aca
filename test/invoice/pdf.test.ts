import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../tools/invoice/document.js';
import { renderInvoicePdf } from '../../tools/invoice/pdf.js';

const euro = (minor: number): string =>
  `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An invoice with `count` lines, every amount formatted as the tool would. */
export function invoiceFixture(count = 3, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = Array.from({ length: count }, (_, index) => {
    const price = 10_000 + index * 1_234;
    const quantity = (index % 3) + 1;
    const discount = index % 4 === 1 ? 1_000 : 0;
    return {
      description:
        index % 5 === 0
          ? `Line ${index + 1}: consulting on the quarterly migration of the accounting platform, including workshops, documentation and follow-up support for every regional office`
          : `Line ${index + 1}: licence seat`,
      quantity: String(quantity),
      unit_price: euro(price),
      tax_rate: index % 6 === 5 ? null : '20%',
      discount: discount ? `-${euro(discount)}` : null,
      amount: euro(price * quantity - discount),
    };
  });
  return {
    invoice_id: 'inv_01J0000000000000000000000',
    number: 'INV-2024-0042',
    issue_date: '2024-03-01',
    due_date: '2024-03-31',
    currency: 'EUR',
    seller: { name: 'Acme Consulting GmbH', email: 'billing@acme.example', address: 'Hauptstraße 1\n10115 Berlin\nGermany', tax_id: 'DE123456789' },
    customer: { name: 'Zoë Łukasz', email: 'zoe@example.com', address: '12 Rue de la Paix\n75002 Paris', tax_id: 'FR98765432101' },
    lines,
    tax_breakdown: [{ rate: '20%', taxable: '€1,000.00', tax: '€200.00' }],
    totals: { subtotal: '€1,010.00', discount: '-€10.00', tax: '€200.00', total: '€1,200.00' },
    notes: 'Thank you for your business. Payment is due within 30 days; late payments incur interest as agreed in the framework contract.',
    payment_link: 'https://buy.stripe.com/test_4gw5kE0xY9Zg1Hq000',
    created_at: '2024-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('renderInvoicePdf', () => {
  it('renders', async () => {
    const bytes = await renderInvoicePdf(invoiceFixture(10));
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
