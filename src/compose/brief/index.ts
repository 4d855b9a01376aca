/**
 * Brief extraction: what a prompt says (names, prices, audience, place, tone, colours,
 * counts, dates, links, keywords, niche), found deterministically — regular expressions
 * for the things with a fixed shape, compromise's part-of-speech tags for the rest.
 * The template composer's only input; same prompt → same brief.
 */
import { classifyNiche } from '../niches.js';
import type { Brief } from '../types.js';
import { findAudience } from './audience.js';
import { extractColors } from './colors.js';
import { findCounts } from './counts.js';
import { extractDates } from './dates.js';
import { findKeywords } from './keywords.js';
import { extractEmails, extractUrls } from './links.js';
import { dedupe, MAX_ITEMS } from './lists.js';
import { calledNames, capitalisedNames, extractQuotedNames, rankNames } from './names.js';
import { findPlace } from './places.js';
import { extractPrices } from './prices.js';
import { overlaps, type Span } from './spans.js';
import { isShouting, parseTerms } from './terms.js';
import { clip, clipAtWord, mask, normaliseWhitespace, toPlainText } from './text.js';
import { extractTone } from './tone.js';

/** Raw input beyond this is cut before any work, so a huge prompt costs no more than a long one. */
const MAX_INPUT_CHARS = 40_000;
/** The prompt kept in the brief and scanned by the regular expressions. */
const MAX_SCAN_CHARS = 10_000;
/** compromise's cost grows with the text; what a brief needs is in the first paragraphs. */
const MAX_NLP_CHARS = 2_000;

/** Extracts a brief from a prompt. Never throws; same prompt → same brief. */
export function extractBrief(prompt: string): Brief {
  const input = typeof prompt === 'string' ? prompt : '';
  const normalised = clip(normaliseWhitespace(clip(input, MAX_INPUT_CHARS)), MAX_SCAN_CHARS);
  try {
    return analyse(normalised);
  } catch {
    // A heuristic must not take the composer down with it: an empty brief still composes.
    return {
      prompt: normalised,
      names: [],
      prices: [],
      audience: null,
      place: null,
      tone: [],
      colors: [],
      counts: [],
      dates: [],
      urls: [],
      emails: [],
      keywords: [],
      niche: 'general',
    };
  }
}

function analyse(normalised: string): Brief {
  const emails = extractEmails(normalised);
  const urls = extractUrls(mask(normalised, emails));
  const text = mask(toPlainText(normalised), [...urls, ...emails]);

  const { prices, spans: priceSpans } = extractPrices(text);
  const { dates, spans: dateSpans } = extractDates(text);
  const { colors, spans: colorSpans } = extractColors(text);
  const toneWords = extractTone(text);
  const quoted = extractQuotedNames(text);

  const nlpText = clipAtWord(text, MAX_NLP_CHARS);
  const terms = parseTerms(nlpText);
  const consumed = [...priceSpans, ...dateSpans, ...colorSpans];

  const shouting = isShouting(terms);
  const called = calledNames(terms, nlpText);
  const capitalised = shouting ? [] : capitalisedNames(terms, nlpText);
  const place = findPlace(
    terms,
    nlpText,
    capitalised.filter((n) => n.words > 1),
  );
  const placeKey = place?.text.toLowerCase();
  const audience = findAudience(terms, nlpText);
  const names = rankNames([
    ...quoted.map((q) => q.name),
    ...called.map((n) => n.name),
    ...capitalised
      .filter((n) => !place || !overlaps(n, place.terms))
      .filter((n) => n.name.toLowerCase() !== placeKey && n.name.toLowerCase() !== audience?.toLowerCase())
      .sort((a, b) => Number(b.words > 1) - Number(a.words > 1) || a.start - b.start)
      .map((n) => n.name),
  ]);

  const countsFound = findCounts(terms, consumed);
  const counts = dedupe(
    countsFound.map(({ count, noun }) => ({ count, noun })),
    (c) => `${c.count} ${c.noun}`,
  );

  const nameSpans: Span[] = [...capitalised, ...called];
  // "Fun Run" is a name, not a tone.
  const tone = dedupe(
    toneWords
      .filter(
        (t) =>
          !t.negated &&
          !overlaps(
            t,
            capitalised.filter((n) => n.words > 1),
          ),
      )
      .map((t) => t.word),
    (t) => t,
  );
  const keywordExclusions: Span[] = [...consumed, ...toneWords, ...nameSpans, ...(place?.terms ?? []), ...countsFound.map((c) => c.number)];
  for (const q of quoted) {
    const at = nlpText.indexOf(q.name);
    if (at >= 0) keywordExclusions.push({ start: at, end: at + q.name.length });
  }
  const keywords = findKeywords(terms, keywordExclusions, shouting);

  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
  const niche = classifyNiche(words.slice(0, 2_000));

  return {
    prompt: normalised,
    names,
    prices: dedupe(
      prices.filter((p) => normalised.includes(p.text)),
      (p) => `${p.text}|${p.amount}|${p.currency}|${p.per}`,
    ),
    audience,
    place: place?.text ?? null,
    tone,
    colors,
    counts,
    dates,
    urls: urls.slice(0, MAX_ITEMS),
    emails: emails.slice(0, MAX_ITEMS),
    keywords,
    niche,
  };
}
