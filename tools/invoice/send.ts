import type { ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { requireMail } from '../../src/mail/mail.js';
import { formatDate, type Language } from './labels.js';
import { readInvoiceView } from './lifecycle.js';
import { invoiceEInvoiceFile, invoicePdf } from './engine.js';

interface EmailWords {
  subject: (number: string, seller: string) => string;
  attached: (number: string, total: string, due: string) => string;
  view: string;
  pay: string;
}

/** The email's words in the invoice's language, as businesses there write them. */
const emailWords: Record<Language, EmailWords> = {
  en: {
    subject: (number, seller) => `Invoice ${number} from ${seller}`,
    attached: (number, total, due) => `Please find attached invoice ${number} for ${total}, due ${due}.`,
    view: 'View and download it',
    pay: 'Pay online',
  },
  de: {
    subject: (number, seller) => `Rechnung ${number} von ${seller}`,
    attached: (number, total, due) => `anbei erhalten Sie die Rechnung ${number} über ${total}, fällig am ${due}.`,
    view: 'Rechnung ansehen und herunterladen',
    pay: 'Online bezahlen',
  },
  fr: {
    subject: (number, seller) => `Facture ${number} de ${seller}`,
    attached: (number, total, due) => `Veuillez trouver ci-joint la facture ${number} d'un montant de ${total}, à régler avant le ${due}.`,
    view: 'Consulter et télécharger',
    pay: 'Payer en ligne',
  },
  es: {
    subject: (number, seller) => `Factura ${number} de ${seller}`,
    attached: (number, total, due) => `Adjuntamos la factura ${number} por ${total}, con vencimiento el ${due}.`,
    view: 'Ver y descargar',
    pay: 'Pagar en línea',
  },
  it: {
    subject: (number, seller) => `Fattura ${number} da ${seller}`,
    attached: (number, total, due) => `In allegato la fattura ${number} di ${total}, con scadenza il ${due}.`,
    view: 'Visualizza e scarica',
    pay: 'Paga online',
  },
  nl: {
    subject: (number, seller) => `Factuur ${number} van ${seller}`,
    attached: (number, total, due) => `Bijgaand ontvangt u factuur ${number} van ${total}, te betalen vóór ${due}.`,
    view: 'Bekijken en downloaden',
    pay: 'Online betalen',
  },
  pt: {
    subject: (number, seller) => `Fatura ${number} de ${seller}`,
    attached: (number, total, due) => `Segue em anexo a fatura ${number} no valor de ${total}, com vencimento em ${due}.`,
    view: 'Ver e descarregar',
    pay: 'Pagar online',
  },
  ja: {
    subject: (number, seller) => `請求書 ${number}（${seller}）`,
    attached: (number, total, due) => `請求書 ${number}（${total}、お支払期限 ${due}）を添付にてお送りいたします。`,
    view: '請求書の確認・ダウンロード',
    pay: 'オンラインでのお支払い',
  },
};

/**
 * invoice_send: the invoice's PDF (and the e-invoice made with it) by email through the server's SMTP, in the invoice's
 * language: who bills, the total and due date, the customer's share link and, while it can be
 * paid, the payment link. To the customer's email unless `to` says otherwise; the seller's
 * email as Reply-To. A void invoice is not sent. With an idempotency key a retry carries the
 * same Message-ID.
 */
export async function sendInvoice(ctx: ToolContext, request: { invoice_id: string; to?: string[]; cc?: string[]; message?: string; idempotency_key?: string }) {
  const mail = requireMail(ctx, 'Send the invoice yourself: invoice_get returns its share_url for the customer.');
  const invoice = await readInvoiceView(ctx, request.invoice_id);
  if (invoice.status === 'void') throw new OutcomeError('conflict', `Invoice ${invoice.number} is void; it is not sent.`);
  const to = request.to ?? (invoice.customer.email ? [invoice.customer.email] : []);
  if (to.length === 0) {
    throw new OutcomeError('invalid_input', `to: invoice ${invoice.number}'s customer has no email address; give to: ["name@example.com"].`);
  }
  const words = emailWords[invoice.language];
  const due = formatDate(invoice.due_date, invoice.locale);
  const payable = invoice.payment_link && (invoice.status === 'open' || invoice.status === 'overdue');
  const text = [
    ...(request.message ? [request.message, ''] : []),
    words.attached(invoice.number, invoice.totals.formatted.total, due),
    '',
    `${words.view}: ${invoice.share_url}`,
    ...(payable && invoice.payment_link ? [`${words.pay}: ${invoice.payment_link.url}`] : []),
    '',
    invoice.seller.name,
  ].join('\n');
  const pdf = await invoicePdf(ctx, invoice.invoice_id);
  // A Factur-X PDF is the invoice PDF with its XML inside: it goes instead of the plain one; XRechnung XML goes beside it.
  const einvoice = invoice.einvoice_url ? await invoiceEInvoiceFile(ctx, invoice.invoice_id) : null;
  const attachments = [
    ...(einvoice?.content_type === 'application/pdf' ? [] : [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: pdf.bytes }]),
    ...(einvoice ? [{ filename: einvoice.name, contentType: einvoice.content_type, content: einvoice.bytes }] : []),
  ];
  const receipt = await mail.send(
    {
      to,
      ...(request.cc ? { cc: request.cc } : {}),
      ...(invoice.seller.email ? { replyTo: invoice.seller.email } : {}),
      subject: words.subject(invoice.number, invoice.seller.name),
      text,
      attachments,
      ...(request.idempotency_key ? { idempotencyKey: `${ctx.caller.accountId}:invoice_send:${invoice.invoice_id}:${request.idempotency_key}` } : {}),
    },
    { signal: ctx.signal },
  );
  return {
    invoice_id: invoice.invoice_id,
    number: invoice.number,
    message_id: receipt.messageId,
    accepted: receipt.accepted,
    rejected: receipt.rejected,
    sent_at: ctx.now().toISOString(),
  };
}
