/**
 * Claims: what the caller says about themselves to be trusted — experience ("20 years of experience", "since
 * 2008"), counts ("300+ clients", "Más de 80 clientes en Andalucía"), ratings ("4.9★ on Google"), credentials
 * ("Gas Safe registered", "Meisterbetrieb") and promises ("walk-ins welcome", "eco products only"). Each is one
 * clause of the prompt, without its subject ("We've sold over …" → "sold over …").
 */
import type { Claim } from '../facts.js';
import { clausesOf, type Clause } from './clauses.js';
import { matches, stated } from './stated.js';

const NUMBER = String.raw`(?:\d{1,3}(?:[.,]\d{3})+|\d+(?:[.,]\d+)?)`;
const COUNT = String.raw`(?:${NUMBER})(?:k|\+|\s?million)?\+?`;
// Nouns a count of which is a track record.
const COUNTED =
  'subscribers|clients|customers|patients|students|reviews|ratings|stars|speakers|attendees|exhibitors|readers|members|families|projects|startups|fleets|bars|people|users|downloads|listeners|followers|episodes|installs|orders|cases|schools|seats|clientes|pacientes|alumnos|proyectos|salões|oradores|alunos|projetos|Speaker|Abonnenten|Kunden|Projekte|projets|épisodes|exposants|écoutes|abonnés';

// prettier-ignore
const CLAIM_PATTERNS: RegExp[] = [
  // Experience and track record.
  new RegExp(String.raw`\b${NUMBER}\+?\s+(?:years?|años|anos|ans|Jahre)\b`, 'iu'),
  new RegExp(String.raw`(?:^|\s)(?:since|seit|depuis|desde|fundad[ao] en)\s+(?:1[89]|20)\d\d\b`, 'iu'),
  new RegExp(String.raw`(?:^|\s)${COUNT}\s+(?:[\p{L}-]+\s+)?(?:d['’]|de\s)?(?:${COUNTED})(?![\p{L}])`, 'iu'),
  new RegExp(String.raw`\d(?:[.,]\d)?\s?(?:★|stars?\b|estrellas|estrelas|Sterne|étoiles)`, 'iu'),
  /\d+\s?%\s+of\s+(?:my|our)\s|\d\s?(?:kg|lbs?|pounds|kilos)\s+lost/iu,
  /(?:^|\s)(?:ran|run|served|coached|helped|sold|trained|raised?|delivered)\s.*\d/iu,
  // Credentials.
  /(?:^|\s)(?:registered|certified|certificad[ao]|licensed|insured|bonded|accredited|chartered|vetted|DBS checked)(?![\p{L}])/iu,
  /(?:^|\s)(?:licenciad[ao]|diplômée?|zertifizierte?r?|meisterbetrieb|entreprise rge|lic\.|cro-\p{Lu}{2}|501\(c\))/iu,
  /(?:^|\s)(?:DBS check|first aid|LMFT|BYOB)(?![\p{L}])/u,
  /-(?:compliant|konform|conforme)(?![\p{L}])|(?:^|\s)cumple con\s/iu,
  // Round-the-clock emergencies (an emergency line is a claim, not opening hours).
  /(?:emergency|urgencias|urgences|notdienst|plantão)(?:\s+\p{L}+)?\s+(?:24\/7|24\s?h|24 horas|rund um die Uhr)|24\/7\s+emergency/iu,
  // Promises and how the work is done.
  /(?:^|\s)\p{L}+[- ]friendly$|walk-ins welcome|products only|in-house|(?:^|\s)native (?:teachers|speakers)|included$|turnaround$|set up in\s|trusted by\s|featured in\s|founded by\s|(?:^|\s)ex-\p{Lu}/iu,
  /(?:^|\s)(?:we|i) (?:accept|use|dye|make|bake|roast|source)\s|insurance accepted|(?:^|\s)hosted in\s|(?:^|\s)server in\s|(?:^|\s)trago\s|(?:^|\s)fabriqué en\s|one-(?:wo)?man (?:business|band)|all proceeds/iu,
];

// What goes before a claim and is not part of it: its subject and auxiliaries.
const SUBJECT =
  /^(?:(?:oh|so|and|also|mention(?: that)?|say(?: that)?|we've|i've|we're|i'm|we are|i am|we have|i have|have|has|been|got|a|an|dr\.?\s+\p{Lu}\p{L}+\s+has|we(?=\s+(?:\p{L}+ed|sold|ran|won)\s)|i(?=\s+(?:\p{L}+ed|sold|ran|won)\s)|results|goal|organised by the same folks who|organized by the same folks who)\s+)+/iu;
const COMPLIANT = /^[\p{L}\d]+-(?:compliant|konform|conforme)(?=\s+\p{L})/u;
// What ends a clause and is not part of the claim.
const TAIL = /\s+(?:so far|now|too|as well)$/iu;
// A count that ends a clause about something else: "Serving the Cotswolds since 2008" → "since 2008".
const TRAILING_SINCE = /(?:^|\s)((?:since|seit|depuis|desde)\s+(?:1[89]|20)\d\d)$/iu;
const SINCE_ALONE = /^(?:serving|covering|based|ihr|your|votre|tu|seu|sua)\b|(?:^|\s)(?:agence|agencia|agência|elektriker)\s/iu;
// Not claims: offers and rules the page states ("Free quotes", "Max 30 students", "14-day free trial").
const NOT_CLAIM =
  /^certificad[ao]$|^zertifikat|of \d+\+? people|(?:^|\s)(?:free|frei|libre|offert|gratis|grátis|gratuit|max\.?|maximum|máximo|min\.?|minimum|only \d|up to|bis zu|hasta|até|jusqu)(?![\p{L}])|\d+-day|trial|deposit|per\s/iu;

/** The number a claim holds, as written ("20,000", "3k", "1 million"); none in codes ("#EC1300", "§11", "24/7"). */
function claimNumber(text: string): string | undefined {
  const m = new RegExp(String.raw`(?<![\p{L}\d#§/-]|\p{Lu}{2} )(${NUMBER})(k|\s?million)?(?![\d/(]|\s?(?:h|horas|hours|Uhr)\b)`, 'u').exec(text);
  return m ? `${m[1] ?? ''}${m[2] ?? ''}` : undefined;
}

function claimIn(prompt: string, raw: Clause, around: Around): Claim[] {
  const clause = trimmed(raw);
  const text = clause.text;
  if (!CLAIM_PATTERNS.some((re) => re.test(text)) || NOT_CLAIM.test(text)) return [];
  let start = clause.start;
  // "raise $50,000 by December 31, 2026": a date's comma does not end the claim.
  const date = around.dates.find((d) => d.start < clause.end && clause.end < d.end);
  if (date) clause.end = date.end;
  // "GDPR-compliant form builder": the quality is the claim, the noun after it the kind.
  const adjective = COMPLIANT.exec(text);
  if (adjective) clause.end = clause.start + adjective[0].length;
  const subject = SUBJECT.exec(text.trimStart());
  if (subject) start = clause.start + (text.length - text.trimStart().length) + subject[0].length;
  const since = TRAILING_SINCE.exec(text);
  if (since && SINCE_ALONE.test(text.trim())) start = clause.end - (since[1] ?? '').length;
  const claims: Claim[] = [];
  // "4.9★ on Google from 300+ reviews", "4.8 stars from 12,000 ratings": a rating and a count.
  const split = / from (?=\d)/u.exec(prompt.slice(start, clause.end));
  const parts = split
    ? [
        [start, start + split.index],
        [start + split.index + split[0].length, clause.end],
      ]
    : [[start, clause.end]];
  for (const [from = start, to = clause.end] of parts) {
    const fact = stated(prompt, from, to);
    if (fact.text.length < 3 || fact.text.length > 80 || around.taken(fact.span[0], fact.span[1])) continue;
    const number = claimNumber(fact.text);
    claims.push({ ...fact, ...(number !== undefined ? { number } : {}) });
  }
  return claims;
}

/** The clause without the spaces, quotes and Markdown marks around it, or a tail ("so far"). */
function trimmed(clause: Clause): Clause {
  const lead = /^[\s'"“”‘’«»„*_-]*/u.exec(clause.text)?.[0].length ?? 0;
  const rest = clause.text.slice(lead);
  const body = rest.replace(/[\s'"“”‘’«»„*_]*$/u, '');
  const text = body.replace(TAIL, '');
  return { start: clause.start + lead, end: clause.start + lead + text.length, text };
}

export interface Around {
  /** Whether a span is another fact's (an offering, the hours): a claim is never one. */
  taken: (start: number, end: number) => boolean;
  /** The dates' spans: a claim may end with one ("by December 31, 2026"). */
  dates: ReadonlyArray<{ start: number; end: number }>;
}

export function findClaims(prompt: string, view: string, around: Around): Claim[] {
  const claims = clausesOf(view).flatMap((clause) => claimIn(prompt, clause, around));
  // "501(c)(3)": a status written with brackets, which cut clauses.
  for (const m of matches(view, /(?<![\p{L}\d])501\(c\)\(\d\)/gu)) claims.push(stated(prompt, m.index, m.index + m[0].length));
  return claims.sort((a, b) => a.span[0] - b.span[0]);
}
