import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../tools/clips/plan.js';
import { factoryInputSchema } from '../../tools/clips/schema.js';
import { rolesOf } from '../../tools/clips/moments.js';
import { selectClips, tokensOf, vocabularyOf } from '../../tools/clips/score.js';
import { sentencesOf } from '../../tools/clips/sentences.js';
import { topicsOf } from '../../tools/clips/topics.js';
import { parseTranscript } from '../../tools/clips/transcript.js';
import { podcastEpisode } from './podcast.js';

/** Moments: speaker turns without timestamps, clip boundaries, housekeeping never chosen (issue 19). */

const withoutLabel = (line: string) => line.replace(/^[^:]+:\s+/, '');

describe('speaker turns without timestamps', () => {
  it('keeps each paragraph’s speaker, continues a turn over unlabelled paragraphs, and times words at 150 a minute', async () => {
    const text = 'Brady: Hello there, how are you today?\n\nGrey: Fine, thanks.\nAnd a second paragraph of mine.\n\nNote: this is not a speaker.\n\nBrady: Good to hear.\n\nGrey: Bye.';
    const transcript = await parseTranscript(text, {});
    expect(transcript).toMatchObject({ format: 'text', estimated: true });
    expect(transcript.cues.map(({ speaker, text: words }) => [speaker, words])).toEqual([
      ['Brady', 'Hello there, how are you today?'],
      ['Grey', 'Fine, thanks.'],
      ['Grey', 'And a second paragraph of mine.'],
      // "Note:" opens one line only: not a speaker, the line is Grey's.
      ['Grey', 'Note: this is not a speaker.'],
      ['Brady', 'Good to hear.'],
      ['Grey', 'Bye.'],
    ]);
    // 6 words at 2.5 a second.
    expect(transcript.cues[0]?.start).toBe(0);
    expect(transcript.cues[0]?.end).toBeCloseTo(2.4, 9);
    expect(transcript.cues.at(-1)?.end).toBeCloseTo(24 / 2.5, 6);
  });

  it('reads a role after the name and a label alone on its line, and keeps neither in the words', async () => {
    const text =
      'Gary Jordan (Host): Welcome to the show. Today we talk about the Moon.\n\nSandra Magnus (Astronaut):\nThanks for having me.\n\nGary Jordan (Host): So where do we start?\n\nSandra Magnus (Astronaut):\nWith the samples.';
    const transcript = await parseTranscript(text, {});
    expect(transcript.cues.map(({ speaker, text: words }) => [speaker, words])).toEqual([
      ['Gary Jordan', 'Welcome to the show. Today we talk about the Moon.'],
      ['Sandra Magnus', 'Thanks for having me.'],
      ['Gary Jordan', 'So where do we start?'],
      ['Sandra Magnus', 'With the samples.'],
    ]);
  });

  it('keeps speakers per sentence, so that a clip with two of them is framed fit_blur; the plan says its times are estimated', async () => {
    const { text } = podcastEpisode();
    const plan = await buildPlan(factoryInputSchema.parse({ transcript: text, max_clips: 3 }));
    expect(plan.source).toMatchObject({ format: 'text', estimated_timing: true, timing: 'speech_rate' });
    expect(plan.warnings.some((warning) => warning.includes('150 words a minute'))).toBe(true);
    expect(plan.clips.length).toBeGreaterThan(0);
    for (const clip of plan.clips) {
      expect(clip.speakers.every((speaker) => speaker === 'Brady' || speaker === 'Grey')).toBe(true);
      // Two hosts in the frame: every clip shows the whole frame, also one where only one of them talks.
      expect(clip.layout).toBe('fit_blur');
    }
    expect(plan.clips.some((clip) => clip.speakers.length === 2 && clip.layout === 'fit_blur')).toBe(true);
  });
});

describe('untimed text past what a speech rate can time', () => {
  it('is refused at once, saying what to send instead; timed by duration_seconds it is planned', async () => {
    const words = 'Prices went up again this year for everyone. '.repeat(8_000);
    const input = factoryInputSchema.parse({ transcript: words });
    await expect(buildPlan(input)).rejects.toThrow(/no timestamps and 64,000 words; without timestamps or duration_seconds at most 60,000/);
    const timed = await buildPlan(factoryInputSchema.parse({ transcript: words, duration_seconds: 64_000 / 2.5 }));
    expect(timed.source.timing).toBe('duration');
  }, 30_000);
});

describe('clip boundaries', () => {
  it('start at a sentence that opens a thought, end at one that closes it, and never hold the sponsor read, intro or sign-off', async () => {
    const { text, sponsor, signOff } = podcastEpisode();
    const plan = await buildPlan(factoryInputSchema.parse({ transcript: text, max_clips: 5, min_seconds: 15, max_seconds: 60 }));
    expect(plan.clips.length).toBeGreaterThanOrEqual(3);
    for (const clip of plan.clips) {
      expect(clip.excerpt).not.toMatch(/^(?:so|and|but|yeah|right|mm|well)\b/i);
      expect(clip.excerpt).not.toMatch(/^[-–—\p{Ll}]/u);
      expect(clip.excerpt).toMatch(/[.!]$/);
      for (const line of [...sponsor, ...signOff]) expect(clip.excerpt).not.toContain(withoutLabel(line));
      expect(clip.excerpt).not.toContain('Welcome to Hello Internet');
    }
  });

  it('choose the self-contained story, from its question to its punch line', async () => {
    const { text, story } = podcastEpisode();
    const plan = await buildPlan(factoryInputSchema.parse({ transcript: text, max_clips: 5, min_seconds: 15, max_seconds: 60 }));
    const best = plan.clips.find((clip) => clip.excerpt.includes('projector broke'));
    expect(best).toBeDefined();
    expect(best?.excerpt.startsWith(withoutLabel(story[0] as string))).toBe(true);
    expect(best?.excerpt.endsWith(withoutLabel(story.at(-1) as string))).toBe(true);
    expect(best?.score.reasons).toContain('opens with a setup and ends on its payoff');
  });

  it('mark housekeeping: the sponsor read from its trigger to its offer, the intro, the sign-off to the end', async () => {
    const { text } = podcastEpisode();
    const sentences = sentencesOf((await parseTranscript(text, {})).cues);
    const roles = rolesOf(sentences);
    const marked = sentences.filter((_, index) => roles.housekeeping[index]).map((sentence) => sentence.text);
    expect(marked).toEqual([
      'Welcome to Hello Internet, episode 42.',
      'This episode is brought to you by Squarespace.',
      expect.stringContaining('Squarespace makes it easy'),
      expect.stringContaining('They handle hosting'),
      expect.stringContaining('use the code HELLO'),
      'Well, that is all for today.',
      'Thanks for listening, everyone, and subscribe to the podcast.',
      'See you next time.',
      'Bye then.',
    ]);
  });

  it('knows other ways a sponsor read and a sign-off are said, and that "No one…" opens a thought', async () => {
    const lines = [
      'A: This episode is supported by Ledgerly, the bookkeeping app for small teams.',
      'A: Go to ledgerly dot com slash hello for a free trial.',
      'B: No one tells you how hard the first year of a bakery is.',
      'B: No.',
      'A: Don’t forget to subscribe wherever you get your podcasts.',
    ];
    const sentences = sentencesOf((await parseTranscript(lines.join('\n'), {})).cues);
    const roles = rolesOf(sentences);
    expect(sentences.map((sentence, index) => [sentence.text.slice(0, 12), roles.housekeeping[index], roles.opens[index]])).toEqual([
      ['This episode', true, false],
      ['Go to ledger', true, false],
      ['No one tells', false, true],
      ['No.', false, false],
      ['Don’t forget', true, false],
    ]);
  });

  it('reads a news show: "I\'m X and this is Y" and its announcements up to "let\'s get into it", a sponsored segment to its link, "that\'s the news for now"', async () => {
    const lines = [
      'Hi, everyone.',
      'What up, nerds? I’m Jerod and this is Changelog News for the week of Monday.',
      'We’re flying out to St. Louis on Wednesday for the last Strange Loop, so come say hi.',
      'Ok, let’s get into the news, shall we?',
      'Casey Muratori wasn’t surprised when Unity changed its pricing. He had been warning about it for a year.',
      'It’s now time for Sponsored News!',
      'Learn the basics of performance monitoring in this upcoming livestream.',
      'Sign up early by following the link in your chapter data.',
      'Thank you to Sentry for sponsoring this episode of Changelog News!',
      'Pineapple ONE is a 32-bit processor built from logic gates by a 19-year-old over two years.',
      'That’s the news for now, but we have great episodes coming up this week.',
      'Have a great week, and I’ll talk to you again real soon.',
    ];
    const sentences = sentencesOf((await parseTranscript(lines.join('\n'), {})).cues);
    const roles = rolesOf(sentences);
    const marked = (text: string) => roles.housekeeping[sentences.findIndex((sentence) => sentence.text.includes(text))];
    for (const housekeeping of [
      'Hi, everyone.',
      'What up, nerds?',
      'I’m Jerod',
      'We’re flying',
      'Ok, let’s get',
      'It’s now time',
      'Learn the basics',
      'Sign up early',
      'Thank you to Sentry',
      'That’s the news',
      'Have a great week',
    ])
      expect(marked(housekeeping), housekeeping).toBe(true);
    for (const story of ['Casey Muratori', 'He had been warning', 'Pineapple ONE']) expect(marked(story), story).toBe(false);
  });

  it('never choose a window that is mostly filler, nor one that ends on an open question when an answered one fits', async () => {
    const lines = [
      'A: Why do sourdough loaves collapse in the oven?',
      'B: Because the starter was past its peak, and the gluten could not hold the gas any longer.',
      'A: Yeah.',
      'B: Right.',
      'A: Mm.',
      'B: Yeah, yeah.',
      'A: Right?',
      'B: Mm-hmm.',
      'A: Yeah.',
      'B: Right.',
      'A: But what about the flour?',
    ];
    const sentences = sentencesOf((await parseTranscript(lines.join('\n'), {})).cues);
    const tokens = tokensOf(sentences);
    const [clip] = selectClips({ sentences, tokens, topics: topicsOf(sentences, tokens), vocabulary: vocabularyOf(tokens) }, { minSeconds: 5, maxSeconds: 12, maxClips: 1 });
    expect(clip).toBeDefined();
    expect(sentences[clip!.first]?.text).toBe('Why do sourdough loaves collapse in the oven?');
    expect(sentences[clip!.last]?.text).toMatch(/^Because the starter/);
  });
  it('never open on an acknowledgement run into what follows, a reply behind a stage direction, or "that\'s why"', async () => {
    const lines = [
      'A: Very good. And so, building on that, what comes next for the camera?',
      'B: [Laughter] Well, we can work with you on that.',
      "A: That's why we explore in the first place.",
      "B: That's right. The camera goes up next spring.",
      'A: The camera goes up next spring on the new module.',
    ];
    const sentences = sentencesOf((await parseTranscript(lines.join('\n'), {})).cues);
    const { opens } = rolesOf(sentences);
    expect(sentences.map((sentence, index) => [sentence.text.slice(0, 20), opens[index]])).toEqual([
      ['Very good. And so, b', false],
      ['[Laughter] Well, we ', false],
      ["That's why we explor", false],
      ["That's right. The ca", false],
      ['The camera goes up n', true],
    ]);
  });

  it('end a clip before a second story or claim starts, however long the clip may run', async () => {
    const lines = [
      'A: Did I ever tell you about the night the bakery oven caught fire during the wedding order?',
      'B: No, never, go on.',
      'A: The whole cake was inside when the smoke alarm went off, and we carried it out through the back door.',
      'A: The bride never found out, and the photos from that evening are still on our wall.',
      'A: The thing about sourdough is that the starter matters more than the flour you buy.',
      'A: Most bakers feed it twice a day and keep it warm in winter so it rises on time.',
    ];
    const sentences = sentencesOf((await parseTranscript(lines.join('\n\n'), {})).cues);
    const tokens = tokensOf(sentences);
    const [clip] = selectClips({ sentences, tokens, topics: topicsOf(sentences, tokens), vocabulary: vocabularyOf(tokens) }, { minSeconds: 10, maxSeconds: 60, maxClips: 1 });
    expect(sentences[clip!.first]?.text).toMatch(/^Did I ever tell you/);
    expect(sentences[clip!.last]?.text).toMatch(/^The bride never found out/);
    expect(clip!.reasons).toContain('opens with a setup and ends on its payoff');
  });
});
