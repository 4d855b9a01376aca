/** The plans an account can have. Units are usage units; each tool declares its cost. */
export const plans = {
  starter: {
    title: 'Agents Starter',
    monthlyUnits: 1000,
    behavior: 'block',
    overageUnitPrice: undefined,
  },
  pro: {
    title: 'Agents Pro',
    monthlyUnits: 20000,
    behavior: 'bill_overage',
    overageUnitPrice: { amount: '0.01', currency: 'USD' },
  },
} as const satisfies Record<string, BillingPlan>;

export interface BillingPlan {
  title: string;
  monthlyUnits: number;
  /** Over the limit: refuse (429) or keep serving and bill each extra unit. */
  behavior: 'block' | 'bill_overage';
  overageUnitPrice: { amount: string; currency: string } | undefined;
}

export type PlanName = keyof typeof plans;
export const planNames = Object.keys(plans) as PlanName[];

export const isPlanName = (name: string): name is PlanName => name in plans;

/** `anchor` plus `months` calendar months in UTC, the day clamped to the month's length (Jan 31 → Feb 28). */
function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/** The monthly cycle containing `now`, anchored at plan activation. */
export function cycleAt(anchor: Date, now: Date): { start: Date; end: Date } {
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (addMonths(anchor, months) > now) months -= 1;
  months = Math.max(0, months);
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** How long a plan whose renewal failed keeps working while Stripe retries the payment. */
export const planGraceMs = 7 * 86_400_000;
