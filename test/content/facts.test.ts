import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, root, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';

/**
 * Issue 14 over REST, as the user's trial ran it: content_repurpose writes a prompt of facts (an announcement) as a
 * pack whose email subject and first paragraph state the news in the caller's words; a README or a podcast
 * transcript is read as prose (no URLs, badges, code, speaker labels or stage directions in the copy); a model's
 * invented numbers are removed and a subject that drops the news is replaced; a revision that changes nothing is
 * neither stored nor charged.
 */

interface Block {
  id: string;
  channel: string;
  text?: string;
  subject?: string;
  preheader?: string;
  markdown?: string;
  tweets?: string[];
  sections?: Array<Record<string, any>>;
  checks: Array<{ rule: string; ok: boolean; value: unknown; limit: unknown }>;
}
interface Pack {
  pack_id: string;
  version: number;
  blocks: Block[];
  meta: {
    generator: string;
    topic: string;
    warnings: string[];
    lang: string;
    written_by: Record<string, string>;
    facts: Array<{ fact: string; placed_in: string }>;
    missing_facts: string[];
    placeholders: Array<{ block: string; supply: string }>;
  };
  changed?: boolean;
  applied?: string[];
  unapplied?: string[];
}

const ANNOUNCEMENT = 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00) from December 5';
const ANUNCIO = 'Anuncie que Clínica Sol abre los sábados de 9:00 a 14:00 desde el 5 de diciembre.';
const readme = fs.readFileSync(path.join(root, 'test/fixtures/sources/readme.md'), 'utf8');
const podcast = fs.readFileSync(path.join(root, 'test/fixtures/sources/podcast.txt'), 'utf8');
const speakers = ['Dana Whitfield', 'Maria Lopez', 'Sam Okafor'];

function client(app: StartedApp) {
  const post = async (route: string, body: unknown) => {
    const response = await app.api(route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await json(response) };
  };
  return {
    async repurpose(body: Record<string, unknown>): Promise<Pack> {
      const { status, body: pack } = await post('/api/agents/content/repurpose', body);
      expect(status, JSON.stringify(pack)).toBe(200);
      return pack;
    },
    async revise(body: Record<string, unknown>): Promise<Pack> {
      const { status, body: pack } = await post('/api/agents/content/revise', body);
      expect(status, JSON.stringify(pack)).toBe(200);
      return pack;
    },
    used: async () => ((await json(await app.api('/api/agents/usage'))) as { used: number }).used,
  };
}

const block = (pack: Pick<Pack, 'blocks'>, id: string): Block => {
  const found = pack.blocks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no block "${id}" in ${pack.blocks.map((b) => b.id).join(', ')}`);
  return found;
};
/** The email's paragraphs after its greeting. */
const emailParagraphs = (pack: Pack) => (block(pack, 'email').text ?? '').split('\n\n').slice(1);
/** A tweet without its "n/N " number. */
const tweetText = (tweet: string) => tweet.replace(/^\d+\/\d+\s+/, '');
/** Every string inside a value. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
/** Every "(" closed by a ")". */
const balanced = (text: string) => {
  let depth = 0;
  for (const char of text) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
};
/** The sentences of a text, roughly: enough to see one said twice. */
const sentencesOf = (text: string) =>
  text
    .replace(/[“”]/g, '')
    .replace(/ — [A-Z][a-z]+ [A-Z][a-z]+/g, '')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 20);

let app: StartedApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  app = await startPlannedApp();
  api = client(app);
});
afterAll(() => app.close());

describe('an announcement pack (template)', () => {
  it('keeps each fact of the LinkedIn post on its own line', async () => {
    const pack = await api.repurpose({
      prompt: 'Annonce que la Boulangerie Dupont ouvre désormais le dimanche de 8h à 13h. Baguette tradition 1,30 €, croissant 1,20 €.',
      channels: ['linkedin'],
      generator: 'template',
    });
    const lines = (block(pack, 'linkedin').text ?? '').split('\n').filter((line) => line.startsWith('→ '));
    expect(lines).toEqual(['→ Boulangerie Dupont propose Baguette tradition et croissant.', '→ Baguette tradition : 1,30 €.', '→ Croissant : 1,20 €.']);
  });

  it("opens the email subject and first paragraph with the news, and the thread with it too, in the caller's words", async () => {
    const pack = await api.repurpose({ prompt: ANNOUNCEMENT, generator: 'template' });
    expect(pack.blocks.map((b) => b.id)).toEqual(['blog', 'linkedin', 'email', 'x_thread', 'page_sections']);
    const email = block(pack, 'email');
    expect(email.subject).toMatch(/^Clínica Sol now opens on Saturdays/);
    expect(email.subject!.length).toBeLessThanOrEqual(60);
    expect(emailParagraphs(pack)[0]).toBe('Clínica Sol now opens on Saturdays (9:00–14:00) from December 5.');
    const first = tweetText(block(pack, 'x_thread').tweets![0]!);
    expect(first).toContain('Saturdays');
    expect(first).toContain('9:00–14:00');
    expect(first).toContain('December 5');
    expect(block(pack, 'linkedin').text!.split('\n')[0]).toContain('now opens on Saturdays');
    expect(block(pack, 'blog').markdown).toMatch(/^# Clínica Sol now opens on Saturdays/);

    // No framing of the prompt's own words, and none of the stock phrases of the trial.
    const all = JSON.stringify(pack.blocks);
    expect(all).not.toMatch(/announce that/i);
    expect(all).not.toMatch(/here['’]s the good news/i);
    expect(all).not.toMatch(/easier than it looks/i);

    expect(pack.meta.lang).toBe('en');
    expect(pack.meta.generator).toBe('template');
    expect(pack.meta.missing_facts).toEqual([]);
    expect(pack.meta.facts).toContainEqual({ fact: expect.stringMatching(/^hours: .*9:00–14:00/), placed_in: expect.any(String) });
    expect(pack.meta.facts).toContainEqual({ fact: expect.stringMatching(/^news: Clínica Sol now opens on Saturdays/), placed_in: expect.any(String) });
    expect(pack.meta.facts).toContainEqual({ fact: 'date: 2026-12-05', placed_in: expect.any(String) });
    // The benefits and questions it cannot answer from the facts are example text, listed.
    expect(pack.meta.placeholders.map((placeholder) => placeholder.block)).toEqual(['blog', 'page_sections', 'page_sections']);
    expect(Object.values(pack.meta.written_by)).toEqual(['template', 'template', 'template', 'template', 'template']);
  });

  // BUG: the email's own check fails on the template's announcement: subject_point_in_first_40 looks for the pack's
  // keywords (from the brief), none of which is in "Clínica Sol now opens on Saturdays (9:00–14:00) from…", though the
  // subject starts with the news. A caller reading the checks is told the subject buries its point.
  it("passes the pack's own checks", async () => {
    const pack = await api.repurpose({ prompt: ANNOUNCEMENT, generator: 'template' });
    for (const b of pack.blocks) for (const check of b.checks) expect(check.ok, `${b.id}.${check.rule} = ${JSON.stringify(check.value)}`).toBe(true);
  });

  // BUG: the hours fact of "opens on Saturdays (9:00–14:00) from …" ends before its ")": every channel says
  // "Opening hours at Clínica Sol: On Saturdays (9:00–14:00." (email, LinkedIn, thread, blog, page FAQ).
  it('closes every parenthesis it opens', async () => {
    const pack = await api.repurpose({ prompt: ANNOUNCEMENT, generator: 'template' });
    for (const text of strings(pack.blocks)) expect(balanced(text), text).toBe(true);
    for (const fact of pack.meta.facts) expect(balanced(fact.fact), fact.fact).toBe(true);
  });

  it('writes a Spanish announcement in Spanish, the news first', async () => {
    const pack = await api.repurpose({ prompt: ANUNCIO, generator: 'template', channels: ['email', 'x_thread'] });
    expect(pack.meta.lang).toBe('es');
    expect(block(pack, 'email').subject).toMatch(/^Clínica Sol abre los sábados de 9:00 a 14:00/);
    expect(emailParagraphs(pack)[0]).toBe('Clínica Sol abre los sábados de 9:00 a 14:00 desde el 5 de diciembre.');
    expect(block(pack, 'email').text).toMatch(/^Hola:/);
    expect(tweetText(block(pack, 'x_thread').tweets![0]!)).toBe('Clínica Sol abre los sábados de 9:00 a 14:00 desde el 5 de diciembre.');
    expect(JSON.stringify(pack.blocks)).not.toMatch(/anuncie que/i);
    expect(pack.meta.missing_facts).toEqual([]);
  });

  // BUG: the date fact of "… desde el 5 de diciembre." keeps the sentence's full stop ("5 de diciembre."), so the fact
  // pack does not see it in the news and says it again alone: tweet "2/3 5 de diciembre.", an email paragraph
  // "5 de diciembre.", a preheader starting "5 de diciembre.".
  it('says the date of a Spanish announcement once, not again as a bare date', async () => {
    const pack = await api.repurpose({ prompt: ANUNCIO, generator: 'template', channels: ['email', 'x_thread'] });
    const bareDate = /^\d{1,2} de \p{L}+\.?$/u;
    for (const tweet of block(pack, 'x_thread').tweets!) expect(tweetText(tweet)).not.toMatch(bareDate);
    for (const paragraph of emailParagraphs(pack)) expect(paragraph).not.toMatch(bareDate);
    expect(block(pack, 'email').preheader).not.toMatch(/^\d{1,2} de \p{L}+\./u);
  });
});

describe('a README as source_text', () => {
  it('writes about the project, with no URL, badge, query string, link syntax or code in topic, hashtags and posts', async () => {
    const pack = await api.repurpose({ source_text: readme, generator: 'template' });
    expect(pack.meta.topic).not.toMatch(/https?|www|\.com|\bcom\b|github|badgen|svg|npm\//i);
    expect(pack.meta.topic).toMatch(/Marked/);

    const { text } = block(pack, 'linkedin');
    const hashtags = text!.split('\n').at(-1)!.split(' ');
    expect(hashtags.length).toBeGreaterThan(0);
    for (const tag of hashtags) {
      expect(tag).toMatch(/^#[\p{L}\p{N}_]+$/u);
      expect(tag).not.toMatch(/download|command|install|https?|www|com$|github|badge|svg|shields|snyk|packagephobia|jsdelivr/i);
    }

    const posts = [...block(pack, 'x_thread').tweets!, text!, block(pack, 'email').text!, block(pack, 'email').subject!];
    for (const post of posts) {
      expect(post).not.toMatch(/%2F|https?:\/\/|\]\(|`|\?[a-z]+=/i);
      expect(post).not.toMatch(/!\[|<img|<a /i);
    }
    expect(block(pack, 'blog').markdown).not.toMatch(/\]\(|`|<img|badgen|%2F/);
    for (const b of pack.blocks) for (const check of b.checks) expect(check.ok, `${b.id}.${check.rule}`).toBe(true);
  });
});

describe('a podcast transcript as source_text', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await api.repurpose({ source_text: podcast, generator: 'template' });
  });

  it('gives the blog headings that are phrases, not lists of words joined by "and"', () => {
    const headings = block(pack, 'blog').markdown!.match(/^## .+$/gm) ?? [];
    expect(headings.length).toBeGreaterThanOrEqual(2);
    for (const heading of headings) {
      expect(heading).not.toMatch(/ and .+ and /i);
      expect(heading.split(' ').length).toBeLessThanOrEqual(9);
      expect(heading).not.toMatch(/\[|\]|\d{2}:\d{2}/);
    }
  });

  it('quotes speakers in quotation marks with their name after, never as "Name:" lines or with stage directions', () => {
    const { markdown } = block(pack, 'blog');
    const prose = markdown!.split('\n').filter((line) => line && !line.startsWith('#'));
    for (const line of prose) for (const speaker of speakers) expect(line.startsWith(`${speaker}:`), line).toBe(false);
    for (const speaker of speakers) expect(markdown).not.toContain(`${speaker}:`);
    // Each quotation names who said it.
    const quotes = [...markdown!.matchAll(/“([^”]+)”( — ([^“\n]+))?/g)];
    expect(quotes.length).toBeGreaterThan(0);
    for (const [quote, , , speaker] of quotes) expect(speakers, quote).toContain(speaker?.trim());
    for (const text of strings(pack.blocks)) {
      expect(text).not.toMatch(/\[(laughs|music)\]|\((laughs|crosstalk)\)|\[\d{2}:\d{2}/i);
      expect(text).not.toMatch(/^(Dana Whitfield|Maria Lopez|Sam Okafor):/m);
    }
  });

  // BUG: tools/content/template-pack.ts `runsOf` joins consecutive KEY POINTS of one speaker into one quotation,
  // even when minutes apart in the recording: the blog quotes Maria Lopez as saying "…landed in Tucson. The price per
  // pound is much lower, around eleven dollars, …" as one passage, though the two sentences are at 00:02:36 and
  // 00:03:45 (and "much lower" then compares with nothing). A quotation must be one passage of the source.
  it("quotes only what was said together: each quotation is one passage of one speaker's turn", () => {
    const turns = podcast
      .split('\n')
      .map((line) => /^\[[\d:]+\] ([^:]+): (.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => ({ speaker: match[1], text: match[2]! }));
    const { markdown } = block(pack, 'blog');
    for (const [quote, said, speaker] of markdown!.matchAll(/“([^”]+)” — ([A-Z][a-z]+ [A-Z][a-z]+)/g)) {
      expect(
        turns.some((turn) => turn.speaker === speaker && turn.text.includes(said!)),
        quote,
      ).toBe(true);
    }
  });

  // BUG: the blog's intro is its first section's first quotation again, and its conclusion is the last section's last
  // quotation again (template-pack.ts: intro = points[0], conclusion = points[last], both also in the sections), so
  // the post says "I'd build direct customers first, …" twice in a row. (The README's blog and the announcement's
  // blog repeat themselves the same way: "Send Clínica Sol a message." twice at the end.)
  it('says each sentence of the blog once', () => {
    const { markdown } = block(pack, 'blog');
    const said = markdown!
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .flatMap(sentencesOf);
    const repeated = said.filter((sentence, i) => said.indexOf(sentence) !== i);
    expect(repeated).toEqual([]);
  });
});

describe('through a model (fake OpenAI-compatible server)', () => {
  /** An app whose model answers `answers` in order, for one test. */
  async function withModel(answers: unknown[], test: (model: ReturnType<typeof client>, llm: FakeLlm) => Promise<void>) {
    const llm = await startFakeLlm({ answers: answers.map((answer) => JSON.stringify(answer)) });
    const modelApp = await startPlannedApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
    try {
      await test(client(modelApp), llm);
    } finally {
      await modelApp.close();
      await llm.close();
    }
  }
  const news = 'Clínica Sol now opens on Saturdays (9:00–14:00) from December 5.';

  it('removes the sentence with a number the request does not give, keeps the rest, and says so', async () => {
    // The news, then an invented customer count beside a sentence that says nothing the request does not.
    const answer = { topic: 'Clínica Sol on Saturdays', linkedin: { hook: news, body: 'Join 10,000 happy customers. Start today.', hashtags: ['Saturdays'] } };
    await withModel([answer], async (model, llm) => {
      const pack = await model.repurpose({ prompt: ANNOUNCEMENT, channels: ['linkedin'] });
      const prompt = llm.requests[0]?.messages.find((message) => message.role === 'user')?.content ?? '';
      expect(prompt).toContain('The news opens the first paragraph of every channel and the email subject.');
      const { text } = block(pack, 'linkedin');
      expect(text).not.toContain('10,000');
      expect(text).not.toMatch(/happy customers/i);
      expect(text).toContain('Start today.');
      expect(text!.startsWith(news)).toBe(true);
      expect(pack.meta.warnings).toEqual([expect.stringMatching(/^Removed from the model's answer.*Join 10,000 happy customers/)]);
      expect(pack.meta).toMatchObject({ generator: 'llm', written_by: { linkedin: 'llm' }, placeholders: [], missing_facts: [] });
    });
  });

  it("puts back a fact the model left out, in the template's words, and says so", async () => {
    const prompt = 'Announce that Clínica Sol now opens on Saturdays (9:00–14:00). Check-up €45, whitening €250.';
    const answer = {
      topic: 'Clínica Sol on Saturdays',
      email: {
        subject: 'Clínica Sol now opens on Saturdays',
        preheader: 'Saturday mornings from 9:00 to 14:00 at Clínica Sol, starting now.',
        greeting: 'Hello,',
        paragraphs: ['Clínica Sol now opens on Saturdays (9:00–14:00).'],
        signoff: '— Clínica Sol',
      },
    };
    await withModel([answer], async (model) => {
      const pack = await model.repurpose({ prompt, channels: ['email'] });
      const { text } = block(pack, 'email');
      expect(text).toContain('€45');
      expect(text).toContain('€250');
      expect(pack.meta.missing_facts).toEqual([]);
      expect(pack.meta.warnings).toContainEqual(expect.stringMatching(/^The model left out facts the prompt gave.*offering: Check-up €45/));
    });
  });

  it("gives the email the template's subject and opening when the model's leave out the news", async () => {
    const answer = {
      topic: 'Clínica Sol news',
      email: {
        subject: 'A message from Clínica Sol',
        preheader: 'We have something to tell you about our clinic, read on.',
        greeting: 'Hello,',
        paragraphs: ['We have been busy this year.', 'See you soon.'],
        signoff: '— Clínica Sol',
      },
    };
    await withModel([answer], async (model) => {
      const pack = await model.repurpose({ prompt: ANNOUNCEMENT, channels: ['email'] });
      const email = block(pack, 'email');
      expect(email.subject).not.toBe('A message from Clínica Sol');
      expect(email.subject).toMatch(/^Clínica Sol now opens on Saturdays/);
      expect(emailParagraphs(pack)[0]).toBe(news);
      // The model's own paragraphs stay after it.
      expect(email.text).toContain('We have been busy this year.');
      expect(pack.meta.warnings).toEqual([expect.stringMatching(/left the news out of the email subject, email opening; the template's words state it there/)]);
      expect(pack.meta.generator).toBe('llm');
      expect(pack.meta.missing_facts).toEqual([]);
    });
  });

  // BUG: grounded() takes the hashtag "ClínicaSol" for an invented name (CamelCase, and "clínicasol" is not a word of
  // the prompt) and removes it with a warning that the request "does not say it", though it is the caller's business
  // name and the template's own pack tags it exactly so (#ClínicaSol).
  it("keeps a hashtag of the caller's business name", async () => {
    const answer = { topic: 'Clínica Sol on Saturdays', linkedin: { hook: news, body: 'See you on Saturday.', hashtags: ['ClínicaSol'] } };
    await withModel([answer], async (model) => {
      const pack = await model.repurpose({ prompt: ANNOUNCEMENT, channels: ['linkedin'] });
      expect(pack.meta.warnings).toEqual([]);
      expect(block(pack, 'linkedin').text).toMatch(/#ClínicaSol$/);
    });
  });
});

describe('content_revise with a replacement that changes nothing', () => {
  it('stores no version and charges nothing', async () => {
    const pack = await api.repurpose({ prompt: ANNOUNCEMENT, generator: 'template' });
    const replacement = { hook: 'Clínica Sol now opens on Saturdays.', body: 'From December 5, 9:00–14:00.', hashtags: ['ClínicaSol'] };
    const v2 = await api.revise({ pack_id: pack.pack_id, block_id: 'linkedin', replacement });
    expect(v2).toMatchObject({ version: 2, changed: true, applied: ['replacement'] });
    const before = await api.used();
    const again = await api.revise({ pack_id: pack.pack_id, block_id: 'linkedin', replacement });
    expect(again).toMatchObject({ version: 2, changed: false, applied: [] });
    expect(again.blocks).toEqual(v2.blocks);
    expect(await api.used()).toBe(before);
    const latest = await json(await app.api(`/api/agents/content/${pack.pack_id}`));
    expect(latest.version).toBe(2);
  });
});
