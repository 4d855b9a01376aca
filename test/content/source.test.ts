import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers.js';
import { readSource } from '../../tools/content/source.js';
import { prepareContent, type Prepared } from '../../tools/content/prepare.js';
import { renderBlocks } from '../../tools/content/render.js';
import { channels } from '../../tools/content/schema.js';
import { briefOf } from '../../src/compose/load.js';
import type { SourceSentence } from '../../tools/content/extract.js';

/** A real README (marked's: badges, code, links) and a podcast interview with three speakers, timestamps and stage directions. */
const fixture = (name: string) => fs.readFileSync(path.join(root, 'test/fixtures/sources', name), 'utf8');
const readme = fixture('readme.md');
const podcast = fixture('podcast.txt');
const speakers = ['Dana Whitfield', 'Maria Lopez', 'Sam Okafor'];

const prepare = async (source_text: string): Promise<Prepared> => prepareContent({ source_text, channels: [...channels], today: '2026-11-22' }, await briefOf(source_text.slice(0, 2000)));
const url = /https?:|www\.|\.com\b|github|badgen|\]\(|!\[|`/i;
/** A quote as the pack writes it: “…” — Speaker. */
const quoted = (sentence: SourceSentence) => (sentence.speaker ? `“${sentence.text}” — ${sentence.speaker}` : sentence.text);

describe('readSource', () => {
  it('reads a README as Markdown: prose only, no badges, code, URLs or link syntax; headings kept aside', () => {
    const source = readSource(readme);
    expect(source.format).toBe('markdown');
    const texts = source.sentences.map((sentence) => sentence.text);
    for (const text of texts) {
      expect(text).not.toMatch(url);
      expect(text).not.toMatch(/npm install|console\.log|<\/?[a-z]|DOMPurify\.sanitize/);
    }
    expect(texts).toContain('End of life Node.js versions may become incompatible with Marked at any point in time.');
    // A link leaves its words: "[demo page](https://…)" reads "demo page".
    expect(texts).toContain('Check out the demo page to see Marked in action ⛹️');
    expect(source.headings).toEqual(expect.arrayContaining(['Marked', 'Installation', 'Usage']));
    expect(texts).not.toContain('Marked');
  });

  it('reads a podcast transcript: speakers become attributions, stage directions and filler go', () => {
    const source = readSource(podcast);
    expect(source.format).toBe('transcript');
    expect(source.sentences.length).toBeGreaterThan(150);
    for (const { text } of source.sentences) {
      expect(text).not.toMatch(/\b(Dana Whitfield|Maria Lopez|Sam Okafor):/);
      expect(text).not.toMatch(/\[|\]|\(crosstalk\)|\(laughs\)|\d{2}:\d{2}/);
      expect(text).not.toMatch(/^(Yeah|Mm-hmm|Right|Okay)\.$/);
      expect(text).not.toMatch(/\b[Uu]m\b/);
    }
    const by = (start: string) => source.sentences.find((sentence) => sentence.text.startsWith(start));
    expect(by('My advice is to hire for the job you are worst at')?.speaker).toBe('Maria Lopez');
    expect(by('A listener named Priya runs a tea shop in Ohio')?.speaker).toBe('Sam Okafor');
    expect(by('Welcome back to Main Street Ledger')?.speaker).toBe('Dana Whitfield');
    // "Um, so what did you do…": the hesitation goes, the question stays.
    expect(by('So what did you do for those four months?')?.speaker).toBe('Dana Whitfield');
    expect(new Set(source.sentences.flatMap((sentence) => sentence.speaker ?? []))).toEqual(new Set(speakers));
    // The episode's title, said by no one, is no one's.
    expect(source.sentences[0]?.speaker).toBeUndefined();
  });

  const turns = [
    'Speaker 1 (00:05): We opened the shop in May. [laughs]\nSpeaker 2 (00:09): How did the first month go?\nSpeaker 1 (00:12): Slowly, but the regulars came back every week.',
    'ANA RUIZ: We opened the shop in May.\nTOM REED: How did the first month go?\nANA RUIZ: Slowly, but the regulars came back every week.',
    'Ana Ruiz  00:05\nWe opened the shop in May.\n\nTom Reed  00:09\nHow did the first month go?\n\nAna Ruiz  00:12\nSlowly, but the regulars came back every week.',
    'WEBVTT\n\n00:00:05.000 --> 00:00:08.000\n<v Ana Ruiz>We opened the shop in May.</v>\n\n00:00:09.000 --> 00:00:11.000\n<v Tom Reed>How did the first month go?\n\n00:00:12.000 --> 00:00:15.000\n<v Ana Ruiz>Slowly, but the regulars (crosstalk) came back every week.',
  ];
  it.each(turns)('recognises speaker turns in the shape of %j', (text) => {
    const source = readSource(text);
    expect(source.format).toBe('transcript');
    const [first, question, last] = source.sentences;
    expect(first?.text).toBe('We opened the shop in May.');
    expect(question?.text).toBe('How did the first month go?');
    expect(last?.text).toBe('Slowly, but the regulars came back every week.');
    expect(first?.speaker).toBe(last?.speaker);
    expect(first?.speaker).toMatch(/^(Speaker 1|Ana Ruiz)$/);
    expect(question?.speaker).not.toBe(first?.speaker);
  });

  it('keeps a one-word label said once ("Honestly: …") in the turn it interrupts', () => {
    const text = [
      'Ana Ruiz: We opened the shop in May.',
      'Tom Reed: How did the first month go?',
      'Ana Ruiz: Slowly.',
      'Honestly: the regulars came back every week.',
      'Tom Reed: And the second month?',
    ].join('\n');
    const source = readSource(text);
    expect(source.format).toBe('transcript');
    const regulars = source.sentences.find((sentence) => sentence.text.includes('regulars'));
    expect(regulars).toMatchObject({ text: 'Honestly: the regulars came back every week.', speaker: 'Ana Ruiz' });
  });

  it('reads HTML without its scripts, navigation and code; block elements end sentences', () => {
    const html =
      '<!doctype html><html><head><title>Shop</title><style>p{color:red}</style></head><body><nav><a href="/">Home</a></nav>' +
      '<h1>Pre-orders for small bakeries</h1><p>Pre-orders cut waste by a quarter &amp; more</p><p>Customers reserve a loaf by <a href="https://x.example">Thursday night</a>.</p>' +
      '<pre><code>npm install bakery</code></pre><script>alert(1)</script></body></html>';
    const source = readSource(html);
    expect(source.format).toBe('html');
    expect(source.headings).toEqual(['Pre-orders for small bakeries']);
    expect(source.sentences.map((sentence) => sentence.text)).toEqual(['Pre-orders cut waste by a quarter & more', 'Customers reserve a loaf by Thursday night.']);
  });

  it('leaves prose as prose, a "Note:" or two notwithstanding', () => {
    const text = 'Note: prices changed in May. The bakery sells out by ten. Tip: order on Thursday. Owners rarely notice the lost margin.';
    const source = readSource(text);
    expect(source.format).toBe('text');
    expect(source.sentences.map((sentence) => sentence.text)).toEqual([
      'Note: prices changed in May.',
      'The bakery sells out by ten.',
      'Tip: order on Thursday.',
      'Owners rarely notice the lost margin.',
    ]);
  });

  // Markup that sends parsers into deep recursion or quadratic time, at the 100k limit.
  const hostile = {
    'nested quotes': '> '.repeat(50_000),
    'lists in quotes': '- > '.repeat(25_000),
    'underscores in one paragraph': `# Title\n\n- item\n\n${'_a'.repeat(49_990)}`,
    'open links': `# Title\n\n- item\n\n${'[a]('.repeat(24_995)}`,
    'speaker lines of filler': 'Maria: Yes. [laughs] Um, so.\n'.repeat(3_448),
    'unclosed tags': `<html>${'<div '.repeat(19_998)}`,
  };
  it.each(Object.entries(hostile))('reads %s in time', (_name, text) => {
    const started = performance.now();
    readSource(text);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('a pack from a README and from a podcast (template)', () => {
  it("takes the README's topic, hashtags and headings from its noun phrases, never from URLs", async () => {
    const { topic, keywords, template } = await prepare(readme);
    const { blog, linkedin } = template.content;
    const lower = readme.toLowerCase();
    for (const phrase of [topic, ...keywords, ...(blog?.sections.map((section) => section.heading) ?? [])]) {
      expect(phrase).not.toMatch(/https|\bcom\b|github|badgen|npm/i);
      expect(lower).toContain(phrase.toLowerCase());
    }
    expect(topic).toBe('Marked');
    // The README gave #Download #Command: words of its headings and code, not phrases of its prose.
    for (const tag of linkedin?.hashtags ?? []) expect(tag).not.toMatch(/^(Https|Com|Github|Download|Command)$/);
    expect(linkedin?.hashtags).toContain('Marked');
  });

  it("builds the podcast's pack from phrases and whole, attributed sentences spread over the episode", async () => {
    const source = readSource(podcast);
    const { topic, points, template } = await prepare(podcast);
    const { blog, linkedin, email, x_thread: thread } = template.content;
    const lower = podcast.toLowerCase();
    const phrase = (text: string) => {
      expect(lower).toContain(text.toLowerCase());
      expect(text).not.toMatch(/ and .* and |Dana|Maria|Sam\b/);
      expect(text.split(' ').length).toBeLessThanOrEqual(4);
    };
    phrase(topic);
    for (const section of blog?.sections ?? []) phrase(section.heading);
    for (const tag of linkedin?.hashtags ?? []) expect(lower.replace(/[^a-z]/g, '')).toContain(tag.toLowerCase());
    expect(new Set(blog?.sections.map((section) => section.heading)).size).toBe(blog?.sections.length);

    // Key points cover the episode: some come from its last third.
    const cited = points?.map((point) => point.index) ?? [];
    expect(cited.some((index) => index >= (source.sentences.length * 2) / 3)).toBe(true);
    expect(cited.some((index) => index < source.sentences.length / 3)).toBe(true);

    // Every quote is a speaker's own sentence, with that speaker's name.
    const sentences = cited.map((index) => source.sentences[index] as SourceSentence);
    for (const sentence of sentences) expect(sentence.speaker).toBeDefined();
    const quotes = [blog?.intro, blog?.conclusion, ...(blog?.sections.map((section) => section.body) ?? []), linkedin?.body, ...(email?.paragraphs ?? [])].join('\n');
    for (const match of quotes.matchAll(/“([^”]+)” — ([A-Z][a-z]+ [A-Z][a-z]+)/g)) {
      const [, said, who] = match as unknown as [string, string, string];
      expect(speakers).toContain(who);
      for (const sentence of sentences.filter((candidate) => said.includes(candidate.text))) expect(sentence.speaker).toBe(who);
      expect(sentences.some((candidate) => said.startsWith(candidate.text))).toBe(true);
    }
    for (const paragraph of email?.paragraphs ?? []) expect(sentences.map(quoted)).toContain(paragraph);

    // The thread: a hook, whole attributed sentences, a closing line; its sources are the sentences it quotes.
    const tweets = thread?.tweets ?? [];
    const middle = tweets.slice(1, -1);
    expect(middle.length).toBeGreaterThanOrEqual(3);
    expect(middle).toEqual(template.sources.x_thread?.map((index) => quoted(source.sentences[index] as SourceSentence)));
    const [rendered] = renderBlocks(template.content, ['x_thread'], { sources: template.sources, keywords: [] });
    if (rendered?.channel !== 'x_thread') throw new Error('no thread');
    // Numbered, nothing split: each rendered tweet is one of the pack's.
    expect(rendered.tweets.map((tweet) => tweet.replace(/^\d+\/\d+ /, ''))).toEqual(tweets);
    for (const check of rendered.checks) expect(check.ok, check.rule).toBe(true);
  });

  it('leaves a sentence too long for a tweet out of the thread rather than split it', async () => {
    const long = `The bakery ${'sold bread and coffee and cake, '.repeat(9)}and it closed at noon every day of the week.`;
    expect(long.length).toBeGreaterThan(280);
    expect(long.length).toBeLessThanOrEqual(400);
    const text = [long, 'Pre-orders helped the bakery plan its Saturday.', 'The owner baked a second batch at noon.', 'Regulars learned that bread came twice a day.'].join(' ');
    const { points, template } = await prepare(text);
    expect(points?.map((point) => point.text)).toContain(long);
    const tweets = template.content.x_thread?.tweets ?? [];
    expect(tweets.some((tweet) => tweet.includes('sold bread and coffee'))).toBe(false);
    expect(template.sources.x_thread).not.toContain(0);
    const blog = template.content.blog;
    expect([blog?.intro, ...(blog?.sections.map((section) => section.body) ?? [])].join(' ')).toContain(long);
  });
});
