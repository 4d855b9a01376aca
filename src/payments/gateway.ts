/** What the invoice outcome asks of a payment processor. */
export interface PaymentLinkRequest {
  /** Derived from the draft, so that a retry after a failure never creates a second link. */
  idempotencyKey: string;
  invoiceId: string;
  /** The name of the single line used when the lines cannot be sent one by one ("Invoice for Acme GmbH"). */
  summary: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** Integer minor units per ISO 4217 (JPY 0, USD 2, KWD 3 decimals). */
  total: number;
  /** Invoice lines; used one by one only when they add up to `total` exactly (else one summary line). */
  lines: Array<{ name: string; unitAmount: number; quantity: number }>;
}

export interface PaymentLink {
  id: string;
  url: string;
}

export interface PaymentGateway {
  createPaymentLink(request: PaymentLinkRequest): Promise<PaymentLink>;
}
