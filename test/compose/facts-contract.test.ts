import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/compose/facts-extract.js';
import { extractBrief } from '../../src/compose/brief/index.js';
import { factEntries, placeFacts, placesOf } from '../../src/compose/contract.js';
import { en } from '../../src/compose/frames/en.js';
import { framesFor, type PageFrames } from '../../src/compose/frames/index.js';
import { factTexts, groundingOf, unsupportedClaims } from '../../src/compose/invention.js';
import type { Section } from '../../src/render/sections.js';
import { buildSections } from '../../tools/widgets/layout.js';
import { widgetKinds, type WidgetKind } from '../../tools/widgets/schema.js';
import { writeTemplateCopy } from '../../tools/widgets/template-copy.js';
import { statesFacts, writeFactPack } from '../../tools/content/fact-pack.js';
import { channels } from '../../tools/content/schema.js';
import { labelledPrompts, referenceDate } from '../fixtures/facts/labelled.js';
import { heldoutPrompts } from '../fixtures/facts/heldout.js';
import { copyProblems, type CopyPiece } from '../support/copy-properties.js';

/**
 * The facts contract and the no-invention rule over every labelled prompt (issue 14 §2–§4), for the template
 * path, without a server: every fact a landing page and a fact pack can hold is placed in the caller's words,
 * every other kind says what it leaves out, nothing is said that the prompt or the frames do not give, and
 * the copy reads as sentences.
 */

const prompts = [...labelledPrompts, ...heldoutPrompts];

/**
 * The facts' own texts, with facts the prompt writes side by side ("Check-up €45, whitening €250") joined into
 * one: copy that lists them in the caller's words quotes facts, it does not paste the prompt.
 */
function factRuns(prompt: string, sheet: unknown): string[] {
  const spans: Array<[number, number]> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const span = (value as { span?: unknown }).span;
      if (Array.isArray(span) && span.length === 2) spans.push([span[0] as number, span[1] as number]);
      Object.values(value).forEach(walk);
    }
  };
  walk(sheet);
  spans.sort((a, b) => a[0] - b[0]);
  const runs: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = runs.at(-1);
    const gap = last ? prompt.slice(last[1], start) : '';
    // Facts apart by punctuation or a few words without figures (", ", " à partir de ") are one run.
    if (last && (start <= last[1] || (!/\p{N}/u.test(gap) && gap.trim().split(/\s+/).length <= 3))) last[1] = Math.max(last[1], end);
    else runs.push([start, end]);
  }
  return [...factTexts(sheet), ...runs.map(([start, end]) => prompt.slice(start, end))];
}
const now = new Date(`${referenceDate}T12:00:00Z`);

/** The fixed words of a language: the template may say them without the prompt giving them. */
function vocabularyOf(frames: PageFrames): string[] {
  const words: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') words.push(value);
    else if (typeof value === 'function') words.push(String((value as (...slots: string[]) => string)('', '', '')));
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(frames);
  return words;
}

const briefs = new Map<string, ReturnType<typeof extractBrief>>();
const briefOf = (prompt: string) => briefs.get(prompt) ?? briefs.set(prompt, extractBrief(prompt)).get(prompt)!;

function widgetOf(prompt: string, kind: WidgetKind) {
  const facts = extractFacts(prompt, { referenceDate });
  const frames = framesFor(facts.lang) ?? en;
  const template = writeTemplateCopy({ kind, facts, brief: briefOf(prompt), brand: {}, frames, now, supplied: {} });
  const sections = buildSections({ kind, copy: template.copy, content: {}, brand: {}, brandName: template.brandName, facts, frames, now, warnings: [] });
  return {
    facts,
    frames,
    sections,
    report: placeFacts(
      factEntries(facts, frames),
      sections.flatMap((section) => placesOf(section.props, section.id)),
    ),
  };
}

/** A page's prose (sentences) and labels, with example text left out: it is marked and listed, not claimed. */
function copyOfPage(sections: readonly Section[]): CopyPiece[] {
  const pieces: CopyPiece[] = [];
  for (const section of sections) {
    if ('example_note' in section.props && section.props.example_note) continue;
    const props = section.props as Record<string, unknown>;
    for (const key of ['subheadline', 'text', 'intro']) if (typeof props[key] === 'string' && section.type !== 'footer') pieces.push({ text: props[key], kind: 'prose' });
    for (const key of ['headline', 'heading', 'eyebrow', 'button_text']) if (typeof props[key] === 'string') pieces.push({ text: props[key], kind: 'label' });
  }
  return pieces;
}

// Every labelled prompt through every widget kind: a minute of CPU when other files share the cores.
describe('widgets from every labelled prompt (template)', { timeout: 120_000 }, () => {
  it("a landing page places every fact of the sheet in the caller's words; every other kind places or lists each one", () => {
    const unplaced: string[] = [];
    for (const { id, prompt } of prompts) {
      for (const kind of widgetKinds) {
        const { facts, frames, report } = widgetOf(prompt, kind);
        const entries = factEntries(facts, frames);
        expect(report.facts.length + report.missing_facts.length, `${id} ${kind}`).toBe(entries.length);
        if (kind === 'landing' && report.missing_facts.length) unplaced.push(`${id}: ${report.missing_facts.join('; ')}`);
      }
    }
    expect(unplaced).toEqual([]);
  });

  it('invents no number, price, name or claim: everything said is in the prompt or the fixed words of its language', () => {
    const invented: string[] = [];
    for (const { id, prompt } of prompts) {
      for (const kind of widgetKinds) {
        const { facts, frames, sections } = widgetOf(prompt, kind);
        const grounding = groundingOf([prompt, ...factTexts(facts)]);
        const text = copyOfPage(sections)
          .filter((piece) => piece.kind === 'prose')
          .map((piece) => piece.text)
          .join('\n');
        for (const found of unsupportedClaims(text, grounding, { vocabulary: vocabularyOf(frames), lang: frames.lang }))
          invented.push(`${id} ${kind}: "${found.sentence}" (${found.reasons.join(', ')})`);
      }
    }
    expect(invented).toEqual([]);
  });

  it('reads as writing: no prompt pasted in, no doubled word or empty slot, sentences capitalised and punctuated', () => {
    const problems: string[] = [];
    for (const { id, prompt } of prompts) {
      for (const kind of widgetKinds) {
        const { facts, frames, sections } = widgetOf(prompt, kind);
        for (const problem of copyProblems(copyOfPage(sections), prompt, frames.lang, { facts: factRuns(prompt, facts) })) problems.push(`${id} ${kind}: ${problem.problem}: "${problem.text}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('content packs from every labelled prompt that states facts (template)', () => {
  const packs = prompts.flatMap(({ id, prompt }) => {
    const facts = extractFacts(prompt, { referenceDate });
    if (!statesFacts(facts)) return [];
    const frames = framesFor(facts.lang) ?? en;
    return [{ id, prompt, facts, frames, pack: writeFactPack({ facts, frames, brand: null, channels }) }];
  });

  it('covers most of the set', () => {
    expect(packs.length).toBeGreaterThan(prompts.length * 0.8);
  });

  it("the blog, the email and the LinkedIn post each state every fact in the caller's words; the news opens the email and its subject", () => {
    const unplaced: string[] = [];
    for (const { id, facts, frames, pack } of packs) {
      for (const channel of ['blog', 'email', 'linkedin'] as const) {
        const report = placeFacts(factEntries(facts, frames), placesOf(pack.content[channel], channel));
        if (report.missing_facts.length) unplaced.push(`${id} ${channel}: ${report.missing_facts.join('; ')}`);
      }
      const news = facts.news[0];
      if (news) {
        const opening = news.what
          .replace(/[\s.!?]+$/u, '')
          .slice(0, 30)
          .toLowerCase();
        expect(pack.content.email?.paragraphs[0]?.toLowerCase(), id).toContain(opening);
        // A long subject drops the news's asides in brackets, never its opening words.
        const subjectOpening = news.what
          .replace(/\s*\([^()]*\)/gu, '')
          .slice(0, 20)
          .toLowerCase();
        expect(pack.content.email?.subject.toLowerCase(), id).toContain(subjectOpening);
      }
    }
    expect(unplaced).toEqual([]);
  });

  it('invents nothing and reads as writing', () => {
    const problems: string[] = [];
    for (const { id, prompt, facts, frames, pack } of packs) {
      const grounding = groundingOf([prompt, ...factTexts(facts)]);
      const prose = [
        pack.content.blog?.intro,
        ...(pack.content.blog?.sections.map((section) => section.body) ?? []),
        ...(pack.content.email?.paragraphs ?? []),
        ...(pack.content.x_thread?.tweets ?? []),
      ].filter((text): text is string => Boolean(text));
      for (const found of unsupportedClaims(prose.join('\n'), grounding, { vocabulary: vocabularyOf(frames), lang: frames.lang }))
        problems.push(`${id}: invented "${found.sentence}" (${found.reasons.join(', ')})`);
      for (const problem of copyProblems(
        prose.map((text) => ({ text, kind: 'prose' as const })),
        prompt,
        frames.lang,
        { facts: factRuns(prompt, facts) },
      ))
        problems.push(`${id}: ${problem.problem}: "${problem.text}"`);
    }
    expect(problems).toEqual([]);
  });
});
