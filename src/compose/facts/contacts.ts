/** Contacts: emails, phone numbers and URLs as written, without "mailto:"/"tel:" and trailing punctuation. */
import type { FactSheet, Stated } from '../facts.js';
import { matches, stated } from './stated.js';

const EMAIL = /(?<![\w.%+-])[A-Za-z0-9][\w.%+-]*@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,24}(?![\w-])/gu;
const URL =
  /(?<![\w@./-])(?:https?:\/\/[^\s<>()"'`[\]]+|(?:www\.)?(?:[a-z0-9][a-z0-9-]*\.)+(?:com|org|net|io|co|app|dev|ai|shop|store|site|online|uk|de|fr|es|pt|br|mx|ch|at|be|ca|us|eu|ar|cl|co\.uk|com\.br|com\.mx|pt|it|nl|ie|au|nz|studio|design|cafe|coffee|blog|events|fm|me|ly|page|nyc|eus|cat|london|berlin|paris|bio|art|club|tv|gg|dk|se|no|fi|pl|cz|ie|lu)(?![\w-])(?:\/[^\s<>()"'`[\]]*)?)/giu;
// A phone: optional +country, then groups of digits with spaces, dots, dashes or brackets; at least 7 digits.
const PHONE = /(?<![\w+€$£./-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{1,5}(?:[\s.-]\d{1,8}){1,5}(?![\w€$£]|[.,]\d)/gu;
const NOT_PHONE_BEFORE = /(?:siret|siren|iban|ust|vat|cnpj|cpf|nif|cif|tva|uid|hrb|abn)[\s.:-]*(?:id[\s.:-]*)?(?:nr\.?\s*)?$/iu;
const PHONE_CUE =
  /(?:phone|call|tel|telefon|teléfono|telefone|téléphone|whatsapp|text|ring|llama|ligue|appel|anruf|termine|contact|contato|contacto|reservas?|book|orders?|info|mobile|cell|fon|tél|unter|au|ou|or|o|oder|:)\W{0,3}$/iu;

const TRAILING = /[.,;:!?'"”’»…)]+$/u;

function trimmed(prompt: string, start: number, text: string): Stated {
  const cut = text.replace(TRAILING, '');
  return stated(prompt, start, start + cut.length);
}

export function findContacts(prompt: string): { contacts: FactSheet['contacts']; taken: Array<{ start: number; end: number }> } {
  const emails: Stated[] = [];
  const urls: Stated[] = [];
  const phones: Stated[] = [];
  const taken: Array<{ start: number; end: number }> = [];
  const seen = new Set<string>();
  const push = (list: Stated[], fact: Stated, key: string): void => {
    taken.push({ start: fact.span[0], end: fact.span[1] });
    if (seen.has(key)) return;
    seen.add(key);
    list.push(fact);
  };
  for (const m of matches(prompt, EMAIL)) push(emails, trimmed(prompt, m.index, m[0]), `e:${m[0].toLowerCase()}`);
  for (const m of matches(prompt, URL)) {
    const end = m.index + m[0].length;
    if (taken.some((t) => m.index < t.end && t.start < end)) continue;
    // An image or badge target is not a contact.
    const before = prompt.slice(Math.max(0, m.index - 40), m.index);
    if (/!\[[^\]]*\]\($/u.test(before) || /\]\([^)]*\.(?:svg|png|jpg|gif)/u.test(m[0])) {
      taken.push({ start: m.index, end });
      continue;
    }
    if (/\.(?:svg|png|jpe?g|gif|md|js|ts|json)$/iu.test(m[0].replace(TRAILING, ''))) continue;
    const fact = trimmed(prompt, m.index, m[0]);
    const key = `u:${fact.text
      .toLowerCase()
      .replace(/^https?:\/\//u, '')
      .replace(/^www\./u, '')
      .replace(/\/$/u, '')}`;
    push(urls, fact, key);
  }
  for (const m of matches(prompt, PHONE)) {
    const end = m.index + m[0].length;
    if (taken.some((t) => m.index < t.end && t.start < end)) continue;
    const digits = m[0].replace(/\D/gu, '');
    if (/^\d{1,2}\.\d{1,2}\.\d{2,4}$/u.test(m[0]) || NOT_PHONE_BEFORE.test(prompt.slice(Math.max(0, m.index - 16), m.index))) continue;
    if (!m[0].startsWith('+') && !m[0].startsWith('(') && /^\d(?:\s|$)/u.test(m[0]) && !/^1[\s.-]\d{3}/u.test(m[0])) continue;
    if (digits.length < 7 || digits.length > 15) continue;
    const cue = PHONE_CUE.test(prompt.slice(Math.max(0, m.index - 24), m.index)) || m[0].startsWith('+') || m[0].startsWith('(');
    // Years, postcodes and amounts look like digit groups too; a cue or a long enough number decides.
    if (!cue && digits.length < 9) continue;
    if (/^\d{4}[\s.-]\d{4}$/u.test(m[0]) && /^(?:19|20)\d\d/u.test(m[0])) continue;
    push(phones, stated(prompt, m.index, end), `p:${digits}`);
  }
  return { contacts: { emails, phones, urls }, taken };
}
