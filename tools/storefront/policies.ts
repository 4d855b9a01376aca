/**
 * Shipping and returns as a prompt states them. A sentence about one of them is the caller's
 * policy and is printed as written, never summarised or completed. A sentence that also prices
 * products is not a policy on its own: it is reported, and the caller words the policy.
 */
import type { FactSheet } from '../../src/compose/facts.js';

const SHIPPING = /\b(?:ship|ships|shipping|shipped|delivery|deliver|delivers|delivered|postage)\b|versand|liefer|zustell|envío|envio|entrega|livraison|livrée?s?\b|frete|portes\b/iu;
// English "return" alone is as often a verb ("we return calls within a day"): the noun, a policy or a refund counts.
const RETURNS =
  /\b(?:returns|return policy|returned within|refund|refunds|refunded|money back|exchanges? within)\b|rückgabe|umtausch|widerruf|zurückgeben|zurücksenden|rücksendung|devoluci|devolver|reembolso|retour|rembours|devoluç|trocas?\b/iu;

export const mentionsReturns = (text: string) => RETURNS.test(text);

export interface PromptPolicies {
  policies: { shipping?: string; returns?: string };
  /** Sentences about shipping or returns that could not be printed as a policy, with why. */
  gaps: string[];
}

/** The prompt's own sentences about shipping and returns, in the order written (a prompt is at most 4,000 characters, as a policy). */
export function policiesOf(prompt: string, facts: FactSheet): PromptPolicies {
  const found: { shipping: string[]; returns: string[] } = { shipping: [], returns: [] };
  const gaps: string[] = [];
  const priced = facts.offerings.flatMap((offering) => [offering.span, ...(offering.price ? [offering.price.span] : [])]);
  const segmenter = new Intl.Segmenter([facts.lang, 'en'], { granularity: 'sentence' });
  for (const { segment, index } of segmenter.segment(prompt)) {
    const sentence = segment.trim();
    // What the sentence speaks of first: "Returns within 30 days of delivery" is about returns.
    const shipping = sentence.search(SHIPPING);
    const returns = sentence.search(RETURNS);
    if (shipping < 0 && returns < 0) continue;
    const about = returns < 0 || (shipping >= 0 && shipping < returns) ? 'shipping' : 'returns';
    const end = index + segment.length;
    if (priced.some(([start, stop]) => start < end && stop > index)) {
      gaps.push(
        `The prompt speaks of ${about} in a sentence that also prices products ("${sentence.slice(0, 120)}"): the page prints no ${about} policy from it. Send policies.${about} in your words.`,
      );
      continue;
    }
    found[about].push(sentence);
  }
  return {
    policies: {
      ...(found.shipping.length ? { shipping: found.shipping.join(' ') } : {}),
      ...(found.returns.length ? { returns: found.returns.join(' ') } : {}),
    },
    gaps,
  };
}
