/** Links: email addresses, http(s) URLs and bare domains ("acme.com"). */
import { dedupe } from './lists.js';
import { firstMatches } from './spans.js';
import { mask, TRAILING_PUNCTUATION } from './text.js';

/** Top-level domains recognised in bare domains ("acme.com"); file extensions are deliberately absent. */
const TLDS = new Set(
  `com org net io ai co app dev xyz me info biz shop store site online tech cloud studio design art page blog news ly
  gg tv fm us uk de fr es it nl be ch at se no dk fi pl pt ie ca au nz jp in br mx eu ee lt lv cz sk hu ro gr tr il
  za sg hk kr tw cn ru ua agency media digital email health fitness coffee cafe bakery church events travel club
  academy school education center global world life live love social team today tools guru ninja space solutions
  services consulting photography photo pics gallery garden dog pet vet yoga fit run bio eco green earth money
  finance capital ventures fund church community foundation charity ngo org.uk co.uk`.split(/\s+/u),
);

const EMAIL = /(?<![\p{L}\p{N}._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\p{L}\p{N}-])/gu;
const HTTP_URL = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"'`{}|\\^[\]]{1,2000}/giu;
const BARE_DOMAIN = /(?<![\p{L}\p{N}@._/-])(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}([a-z]{2,24})(?![\p{L}\p{N}-])(?::\d{2,5})?(?:\/[^\s<>"'`{}|\\^[\]]{0,2000})?/giu;

function trimUrl(url: string): string {
  let out = url.replace(TRAILING_PUNCTUATION, '');
  // A closing bracket belongs to the URL only when the URL opened one: "(see acme.com/x)".
  while (/[)\]]$/u.test(out)) {
    const open = out.endsWith(')') ? '(' : '[';
    const close = out.endsWith(')') ? ')' : ']';
    if (out.split(open).length >= out.split(close).length) break;
    out = out.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  return out;
}

export function extractEmails(text: string): string[] {
  const out: string[] = [];
  for (const match of firstMatches(text, EMAIL)) out.push(match[0]);
  return dedupe(out, (email) => email.toLowerCase());
}

export function extractUrls(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (const match of firstMatches(text, HTTP_URL)) {
    const url = trimUrl(match[0]);
    if (URL.canParse(url) && /^https?:\/\/[^/?#]*[\p{L}\p{N}]/u.test(url)) out.push(url);
  }
  rest = mask(rest, out);
  for (const match of firstMatches(rest, BARE_DOMAIN)) {
    const tld = (match[1] ?? '').toLowerCase();
    if (!TLDS.has(tld)) continue;
    const url = trimUrl(match[0]);
    // "Node.js" has no TLD here, but "e.g." shapes like "v1.co" need a letter in the name.
    if (/[\p{L}]/u.test(url.split('.')[0] ?? '')) out.push(url);
  }
  return dedupe(out, (url) => url.toLowerCase().replace(/\/$/u, ''));
}
