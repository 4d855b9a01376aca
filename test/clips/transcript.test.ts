import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutcomeError } from '../../src/kernel/errors.js';
import { detectFormat, parseTranscript, type TranscriptFormat } from '../../tools/clips/transcript.js';
import { sentencesOf } from '../../tools/clips/sentences.js';
import { json, startApp, type StartedApp } from '../helpers.js';
import { asSrt, asVtt, syntheticTalk } from './synthetic.js';

/**
 * Transcript parsing, case by case: every accepted shape with its exact cues, every refusal with
 * its exact "where" (cue number / line / segment path) and "problem".
 */

type Options = { format?: TranscriptFormat; durationSeconds?: number };

/** The OutcomeError a parse throws (fails the test if it does not throw one). */
async function refusal(transcript: Parameters<typeof parseTranscript>[0], options: Options = {}): Promise<OutcomeError> {
  const error = await parseTranscript(transcript, options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OutcomeError);
  return error as OutcomeError;
}

/** Asserts the exact message and its details. */
async function expectRefusal(transcript: Parameters<typeof parseTranscript>[0], where: string, problem: string, options: Options = {}) {
  const error = await refusal(transcript, options);
  expect(error.code).toBe('invalid_input');
  expect(error.message).toBe(`transcript: ${where}: ${problem}`);
  expect(error.details).toEqual({ where, problem });
}

const srtArrow = 'write it as 00:01:02,345 --> 00:01:04,000';
const vttArrow = 'write it as 00:01:02.345 --> 00:01:04.000';

describe('detectFormat', () => {
  it.each([
    ['1\n00:00:01,000 --> 00:00:02,000\nHi\n', 'srt'],
    ['\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n', 'srt'],
    ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n', 'vtt'],
    ['\uFEFFWEBVTT - Title\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n', 'vtt'],
    // "Kind: captions" is ordinary metadata, not a sign of YouTube.
    ['WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n', 'vtt'],
    ['WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nhi<00:00:00.500><c> there</c>\n', 'youtube'],
    // Without a header the decimal separator decides, cue ids or not.
    ['00:00:01.000 --> 00:00:02.000\nHi\n', 'vtt'],
    ['1\n00:00:01.000 --> 00:00:02.000\nHi\n', 'vtt'],
    // Misspelt arrows still make a subtitle file, to be refused with its line rather than read as text.
    ['1\n00:00:01,000 -> 00:00:02,000\nHi\n', 'srt'],
    ['00:00:01.000 => 00:00:02.000\nHi\n', 'vtt'],
    ['1\n00:00:01,000 - 00:00:02,000\nHi\n', 'srt'],
    ['00:01:23 - 00:01:30 Alice: hi', 'text'],
    ['[{"start": 0, "end": 1, "text": "Hi"}]', 'json'],
    ['  \n[\n  {"start": 0, "end": 1, "text": "Hi"}\n]', 'json'],
    ['{"segments": []}', 'json'],
    ['[]', 'json'],
    // A leading "[00:00:05]" is a timestamp, not JSON.
    ['[00:00:05] Hello there', 'text'],
    ['(1:23) Hello', 'text'],
    ['Just some words.', 'text'],
  ] as const)('%j → %s', (text, format) => {
    expect(detectFormat(text)).toBe(format);
  });
});

describe('SRT', () => {
  it('copes with a BOM and CRLF line ends, joining wrapped lines', async () => {
    const srt = '\uFEFF1\r\n00:00:01,000 --> 00:00:03,500\r\nHello there.\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,250\r\nSecond line\r\nwraps here.\r\n';
    expect(await parseTranscript(srt, {})).toEqual({
      format: 'srt',
      cues: [
        { start: 1, end: 3.5, text: 'Hello there.' },
        { start: 4, end: 6.25, text: 'Second line wraps here.' },
      ],
      estimated: false,
      warnings: [],
    });
  });

  it('refuses a "->" arrow, naming the cue, the line and the expected form', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 -> 00:00:04,000\nB\n';
    await expectRefusal(srt, 'cue 2 (line 6)', `"00:00:03,000 -> 00:00:04,000" is not a timing line; ${srtArrow}`);
  });

  it.each([['00:00:03,000 - 00:00:04,000'], ['00:00:03,000 => 00:00:04,000'], ['00:00:03,000 —> 00:00:04,000']])('refuses the arrow in %j', async (timing) => {
    await expectRefusal(`1\n${timing}\nA\n`, 'cue 1 (line 2)', `"${timing}" is not a timing line; ${srtArrow}`);
  });

  it('refuses 00:61:00,000 (minutes above 59)', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:61:00,000 --> 00:62:00,000\nB\n';
    await expectRefusal(srt, 'cue 2 (line 6)', 'the time 00:61:00,000 is out of range: minutes and seconds go up to 59');
  });

  it('refuses seconds above 59 in the end time', async () => {
    await expectRefusal('1\n00:00:58,000 --> 00:00:60,000\nA\n', 'cue 1 (line 2)', 'the time 00:00:60,000 is out of range: minutes and seconds go up to 59');
  });

  it('refuses malformed times: WebVTT dots when SRT is given, three-digit hours, missing milliseconds', async () => {
    await expectRefusal('1\n00:00:01.000 --> 00:00:02.000\nA\n', 'cue 1 (line 2)', `"00:00:01.000 --> 00:00:02.000" has a malformed time; ${srtArrow}`, { format: 'srt' });
    await expectRefusal('1\n100:00:01,000 --> 100:00:02,000\nA\n', 'cue 1 (line 2)', `"100:00:01,000 --> 100:00:02,000" has a malformed time; ${srtArrow}`);
    await expectRefusal('1\n00:00:01 --> 00:00:02,000\nA\n', 'cue 1 (line 2)', `"00:00:01 --> 00:00:02,000" has a malformed time; ${srtArrow}`);
  });

  it('refuses an end before (or at) the start', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:05,000 --> 00:00:04,000\nB\n';
    await expectRefusal(srt, 'cue 2 (line 6)', 'the end 00:00:04,000 is not after the start 00:00:05,000');
    await expectRefusal('1\n00:00:05,000 --> 00:00:05,000\nA\n', 'cue 1 (line 2)', 'the end 00:00:05,000 is not after the start 00:00:05,000');
  });

  it('refuses a missing blank line between cues (the library would swallow the next cue)', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n';
    await expectRefusal(srt, 'cue 2 (line 5)', 'a blank line is missing before this timing line (without it, it is read as part of the cue above)');
  });

  it('reads a line of only spaces between cues as blank', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n \t\n2\n00:00:03,000 --> 00:00:04,000\nB\n';
    expect((await parseTranscript(srt, {})).cues).toEqual([
      { start: 1, end: 2, text: 'A' },
      { start: 3, end: 4, text: 'B' },
    ]);
  });

  it('skips a cue with no text, and numbers cues by their timing lines', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\n3\n00:00:05,000 -> 00:00:06,000\nC\n';
    await expectRefusal(srt, 'cue 3 (line 9)', `"00:00:05,000 -> 00:00:06,000" is not a timing line; ${srtArrow}`);
    expect((await parseTranscript(srt.replace(' -> ', ' --> '), {})).cues).toEqual([
      { start: 3, end: 4, text: 'B' },
      { start: 5, end: 6, text: 'C' },
    ]);
  });

  it('refuses a file whose cues are all empty, and one without cues', async () => {
    await expectRefusal('1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n', 'line 1', 'every cue is empty');
    await expectRefusal('just words, no cues', 'line 1', 'no cues were found; expected SRT cues ("1", "00:00:01,000 --> 00:00:03,000", text)', { format: 'srt' });
  });

  it('strips <b>, <i>, <u>, <font> tags and decodes entities, keeping a bare "<"', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n<b>Bold</b> and <i>italic</i> &amp; <font color="#ff0000">red</font> &lt;3\n\n' +
      '2\n00:00:02,000 --> 00:00:03,000\n<u>5 < 6</u> and 7 > 2, &quot;quoted&quot; &#39;single&#39; caf&#xE9;&nbsp;noir &bogus;\n';
    expect((await parseTranscript(srt, {})).cues).toEqual([
      { start: 1, end: 2, text: 'Bold and italic & red <3' },
      // &nbsp; becomes a plain space; an unknown entity stays as written.
      { start: 2, end: 3, text: '5 < 6 and 7 > 2, "quoted" \'single\' café noir &bogus;' },
    ]);
  });

  it('does not take cue text starting with a time ("10:30 - …") for a timing line', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\n10:30 - that is when we start\n';
    expect((await parseTranscript(srt, {})).cues).toEqual([{ start: 1, end: 4, text: '10:30 - that is when we start' }]);
  });
});

describe('speaker labels in cue text', () => {
  it('reads "Name:" opening SRT cues as the speaker when the label opens two cues or more', async () => {
    const srt = [
      '1',
      '00:00:00,000 --> 00:00:03,000',
      'Ana: Welcome.',
      '',
      '2',
      '00:00:03,000 --> 00:00:06,000',
      'Ben: Thanks.',
      '',
      '3',
      '00:00:06,000 --> 00:00:09,000',
      'Ana: Bread?',
      '',
      '4',
      '00:00:09,000 --> 00:00:12,000',
      'Ben: Yes.',
      '',
      '5',
      '00:00:12,000 --> 00:00:15,000',
      'Note: once is text.',
      '',
    ].join('\n');
    const { cues } = await parseTranscript(srt, { format: 'srt' });
    expect(cues.map((cue) => [cue.speaker, cue.text])).toEqual([
      ['Ana', 'Welcome.'],
      ['Ben', 'Thanks.'],
      ['Ana', 'Bread?'],
      ['Ben', 'Yes.'],
      [undefined, 'Note: once is text.'],
    ]);
  });
});

describe('WebVTT', () => {
  const full = [
    'WEBVTT - This file has a title',
    'Kind: captions',
    'Language: en',
    '',
    'NOTE This is a comment',
    'spanning two lines, 10:30 - with a time',
    '',
    'STYLE',
    '::cue {',
    '  color: yellow;',
    '}',
    '::cue(b) { font-weight: bold }',
    '',
    'REGION',
    'id:fred',
    'width:40%',
    'lines:3',
    'scroll:sideways',
    'foo:1',
    '',
    'intro',
    '00:00:01.000 --> 00:00:04.000 align:middle position:10% line:0 region:fred',
    '<v Ada Lovelace>Hello <b>world</b> &amp; friends</v>',
    '',
    '00:00:05.000 --> 00:00:07.000 vertical:rl size:50% foo:bar',
    '<v.loud Grace Hopper>Second cue',
    'on two lines',
    '',
    'NOTE trailing note',
    '',
    '3',
    '00:08.000 --> 00:09.500',
    '<c.yellow>Third</c> &lt;ok&gt; <i>fine</i>',
    '',
  ].join('\n');

  // The library reports "scroll:sideways", "foo:bar" and the like; settings only place captions, so they are ignored.
  it('reads headers, Kind/Language metadata, NOTE, STYLE and REGION blocks, cue ids and settings; <v> gives the speaker', async () => {
    expect(await parseTranscript(full, {})).toEqual({
      format: 'vtt',
      cues: [
        { start: 1, end: 4, text: 'Hello world & friends', speaker: 'Ada Lovelace' },
        { start: 5, end: 7, text: 'Second cue on two lines', speaker: 'Grace Hopper' },
        { start: 8, end: 9.5, text: 'Third <ok> fine' },
      ],
      estimated: false,
      warnings: [],
    });
  });

  it('reads the same file with a BOM and CRLF line ends', async () => {
    const crlf = `\uFEFF${full.replace(/\n/g, '\r\n')}`;
    expect((await parseTranscript(crlf, {})).cues).toEqual((await parseTranscript(full, {})).cues);
  });

  it('reads a file without the WEBVTT line as WebVTT (detected by its "." times)', async () => {
    expect(await parseTranscript('00:00:01.000 --> 00:00:02.000\nHello\n\n2\n00:00:03.000 --> 00:00:04.500\nAgain\n', {})).toEqual({
      format: 'vtt',
      cues: [
        { start: 1, end: 2, text: 'Hello' },
        { start: 3, end: 4.5, text: 'Again' },
      ],
      estimated: false,
      warnings: [],
    });
  });

  it('refuses a cue right under the header, or under a NOTE, without a blank line', async () => {
    await expectRefusal(
      'WEBVTT\nKind: captions\n00:00:01.000 --> 00:00:02.000\nA\n',
      'cue 1 (line 3)',
      'a blank line is missing before this timing line (without it, it is read as part of the WEBVTT header above)',
    );
    await expectRefusal(
      'WEBVTT\n\nNOTE hi\n00:00:01.000 --> 00:00:02.000\nA\n',
      'cue 1 (line 4)',
      'a blank line is missing before this timing line (without it, it is read as part of the NOTE block above)',
    );
    await expectRefusal(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n00:00:03.000 --> 00:00:04.000\nB\n',
      'cue 2 (line 5)',
      'a blank line is missing before this timing line (without it, it is read as part of the cue above)',
    );
  });

  it('refuses SRT commas, malformed arrows and reversed times with the WebVTT form', async () => {
    await expectRefusal('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nA\n', 'cue 1 (line 3)', `"00:00:01,000 --> 00:00:02,000" has a malformed time; ${vttArrow}`);
    await expectRefusal('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n\n00:00:03.000 ->00:00:04.000\nB\n', 'cue 2 (line 6)', `"00:00:03.000 ->00:00:04.000" is not a timing line; ${vttArrow}`);
    await expectRefusal('WEBVTT\n\n00:00:03.000 --> 00:00:01.000 align:start\nA\n', 'cue 1 (line 3)', 'the end 00:00:01.000 is not after the start 00:00:03.000');
  });

  it('reads a line of only spaces before a cue as blank', async () => {
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n  \nid-2\n00:00:03.000 --> 00:00:04.000\nB\n';
    expect((await parseTranscript(vtt, {})).cues).toEqual([
      { start: 1, end: 2, text: 'A' },
      { start: 3, end: 4, text: 'B' },
    ]);
  });

  it('refuses a header without cues', async () => {
    await expectRefusal('WEBVTT\n\nNOTE nothing here\n', 'line 1', 'no cues were found; expected WebVTT cues after the WEBVTT line');
  });
});

describe('YouTube auto-captions', () => {
  // As yt-dlp writes them: each cue repeats the line before, 10 ms cues in between, word times inline.
  const youtube = `WEBVTT
Kind: captions
Language: en

00:00:00.030 --> 00:00:02.070 align:start position:0%
 
welcome<00:00:00.480><c> back</c><00:00:00.780><c> to</c><00:00:00.930><c> the</c><00:00:01.110><c> show</c>

00:00:02.070 --> 00:00:02.080 align:start position:0%
welcome back to the show
 

00:00:02.080 --> 00:00:04.430 align:start position:0%
welcome back to the show
today<00:00:02.560><c> we're</c><00:00:02.800><c> talking</c><00:00:03.250><c> about</c><00:00:03.520><c> sourdough</c>

00:00:04.430 --> 00:00:04.440 align:start position:0%
today we're talking about sourdough
 

00:00:04.440 --> 00:00:06.910 align:start position:0%
today we're talking about sourdough
[Music]

00:00:06.910 --> 00:00:06.920 align:start position:0%
[Music]
 

00:00:06.920 --> 00:00:09.150 align:start position:0%
[Music]
&gt;&gt;<00:00:07.200><c> so</c><00:00:07.440><c> tell</c><00:00:07.680><c> me</c>
`;

  it('de-duplicates the rolling lines and keeps each word’s time from its tag', async () => {
    expect(detectFormat(youtube)).toBe('youtube');
    expect(await parseTranscript(youtube, {})).toEqual({
      format: 'youtube',
      cues: [
        {
          start: 0.03,
          end: 2.07,
          text: 'welcome back to the show',
          words: [
            { start: 0.03, end: 0.48, text: 'welcome' },
            { start: 0.48, end: 0.78, text: 'back' },
            { start: 0.78, end: 0.93, text: 'to' },
            { start: 0.93, end: 1.11, text: 'the' },
            { start: 1.11, end: 2.07, text: 'show' },
          ],
        },
        {
          start: 2.08,
          end: 4.43,
          text: "today we're talking about sourdough",
          words: [
            { start: 2.08, end: 2.56, text: 'today' },
            { start: 2.56, end: 2.8, text: "we're" },
            { start: 2.8, end: 3.25, text: 'talking' },
            { start: 3.25, end: 3.52, text: 'about' },
            { start: 3.52, end: 4.43, text: 'sourdough' },
          ],
        },
        // One word, so no inline tag: it is timed by its cue.
        { start: 4.44, end: 6.91, text: '[Music]', words: [{ start: 4.44, end: 6.91, text: '[Music]' }] },
        {
          start: 6.92,
          end: 9.15,
          text: '>> so tell me',
          words: [
            { start: 6.92, end: 7.2, text: '>>' },
            { start: 7.2, end: 7.44, text: 'so' },
            { start: 7.44, end: 7.68, text: 'tell' },
            { start: 7.68, end: 9.15, text: 'me' },
          ],
        },
      ],
      estimated: false,
      warnings: [],
    });
  });

  it('with format youtube, de-duplicates rolling captions without word tags and keeps a cue’s new lines together', async () => {
    const rolling = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nfirst line\nsecond line\n\n00:00:03.000 --> 00:00:03.010\nsecond line\n\n00:00:03.010 --> 00:00:05.000\nsecond line\nthird line\n';
    expect((await parseTranscript(rolling, { format: 'youtube' })).cues).toEqual([
      { start: 1, end: 3, text: 'first line second line' },
      { start: 3.01, end: 5, text: 'third line' },
    ]);
    // Read as plain WebVTT, the repeats stay.
    expect((await parseTranscript(rolling, {})).cues.map((cue) => cue.text)).toEqual(['first line second line', 'second line', 'second line third line']);
  });
});

describe('overlapping and out-of-order cues', () => {
  const srt = '1\n00:00:05,000 --> 00:00:08,000\nThird part\n\n2\n00:00:01,000 --> 00:00:03,000\nFirst part\n\n3\n00:00:02,000 --> 00:00:06,000\nSecond part\n';

  it('sorts them and says so', async () => {
    expect(await parseTranscript(srt, {})).toEqual({
      format: 'srt',
      cues: [
        { start: 1, end: 3, text: 'First part' },
        { start: 2, end: 6, text: 'Second part' },
        { start: 5, end: 8, text: 'Third part' },
      ],
      estimated: false,
      warnings: ['1 cue(s) were out of time order and were sorted.', '2 cue(s) overlap the one before; their words are kept in start order.'],
    });
  });

  it('keeps word times from running backwards in the sentence units', async () => {
    const [sentence, ...rest] = sentencesOf((await parseTranscript(srt, {})).cues);
    expect(rest).toEqual([]);
    // Each cue's time is shared by word length; "Second" (cue 2–6 s) and "Third" (cue 5–8 s) would
    // start at 2 and 5 s, before the word ahead of them ends: they start when it ends instead.
    const round = (value: number) => Math.round(value * 1000) / 1000;
    expect(sentence?.words.map((word) => [round(word.start), round(word.end), word.text])).toEqual([
      [1, 2.091, 'First'],
      [2.091, 3, 'part'],
      [3, 4.333, 'Second'],
      [4.333, 6, 'part'],
      [6, 6.636, 'Third'],
      [6.636, 8, 'part'],
    ]);
    expect(sentence).toMatchObject({ start: 1, end: 8, text: 'First part Second part Third part', timedWords: false });
  });

  it('does not warn about touching cues or overlaps under half a second', async () => {
    const touching = '1\n00:00:01,000 --> 00:00:03,000\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\n3\n00:00:03,600 --> 00:00:05,000\nC\n';
    expect((await parseTranscript(touching, {})).warnings).toEqual([]);
  });
});

describe('JSON segments', () => {
  const whisper = {
    text: ' Hi there. How are you?',
    language: 'en',
    segments: [
      {
        id: 0,
        seek: 0,
        start: 0,
        end: 2.5,
        text: ' Hi there.',
        tokens: [50364, 2421],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.1,
        no_speech_prob: 0.01,
        words: [
          { start: 0, end: 0.4, word: ' Hi', probability: 0.9 },
          { start: 0.5, end: 1.1, word: ' there.', probability: 0.95 },
        ],
      },
      {
        id: 1,
        seek: 0,
        start: 2.5,
        end: 4,
        text: ' How are you?',
        speaker: 'SPEAKER_01',
        words: [
          { start: 2.6, end: 2.5, word: ' How' },
          { start: 2.9, end: 3.2, text: 'are' },
          { start: 3.3, end: 3.9, word: '  ' },
        ],
      },
    ],
  };
  const expected = [
    {
      start: 0,
      end: 2.5,
      text: 'Hi there.',
      words: [
        { start: 0, end: 0.4, text: 'Hi' },
        { start: 0.5, end: 1.1, text: 'there.' },
      ],
    },
    // A word ending before it starts is clamped; a blank word is dropped; `text` works as well as `word`.
    {
      start: 2.5,
      end: 4,
      text: 'How are you?',
      words: [
        { start: 2.6, end: 2.6, text: 'How' },
        { start: 2.9, end: 3.2, text: 'are' },
      ],
      speaker: 'SPEAKER_01',
    },
  ];

  it('reads Whisper output as a string, as {segments} and as an array', async () => {
    for (const input of [JSON.stringify(whisper, null, 2), `\uFEFF${JSON.stringify(whisper)}`, whisper, whisper.segments, JSON.stringify(whisper.segments)]) {
      expect(await parseTranscript(input as never, {})).toEqual({ format: 'json', cues: expected, estimated: false, warnings: [] });
    }
  });

  it('sorts out-of-order segments, given as an array too', async () => {
    const segments = [
      { start: 5, end: 6, text: 'later' },
      { start: 0, end: 1, text: 'first' },
    ];
    for (const input of [segments, JSON.stringify(segments)]) {
      expect(await parseTranscript(input, {})).toEqual({
        format: 'json',
        cues: [
          { start: 0, end: 1, text: 'first' },
          { start: 5, end: 6, text: 'later' },
        ],
        estimated: false,
        warnings: ['1 cue(s) were out of time order and were sorted.'],
      });
    }
  });

  const shape = 'expected [{start, end, text, words?: [{start, end, word}]}] in seconds';

  it('refuses an end not after the start, naming the segment and its path', async () => {
    await expectRefusal('[{"start":0,"end":1,"text":"a"},{"start":3,"end":3,"text":"b"}]', 'segment 2 (transcript[1].end)', `end must be after start; ${shape}`);
    await expectRefusal({ segments: [{ start: 3, end: 2, text: 'b' }] }, 'segment 1 (transcript.segments[0].end)', `end must be after start; ${shape}`);
  });

  it('refuses a missing text, a bad word and a negative start with their paths', async () => {
    await expectRefusal('[{"start":0,"end":1,"text":"a"},{"start":1,"end":2}]', 'segment 2 (transcript[1].text)', `Invalid input: expected string, received undefined; ${shape}`);
    await expectRefusal('{"segments":[{"start":0,"end":1}]}', 'segment 1 (transcript.segments[0].text)', `Invalid input: expected string, received undefined; ${shape}`);
    await expectRefusal(
      [{ start: 0, end: 1, text: 'a', words: [{ start: 'x', end: 1, word: 'a' }] }] as never,
      'segment 1 (transcript[0].words[0].start)',
      `Invalid input: expected number, received string; ${shape}`,
    );
    await expectRefusal('[{"start":-1,"end":1,"text":"a"}]', 'segment 1 (transcript[0].start)', `Too small: expected number to be >=0; ${shape}`);
  });

  it('refuses what is not JSON, not a list, or empty', async () => {
    const error = await refusal('[{"start":0,"end":1,"text":"a"},');
    expect(error.details).toMatchObject({ where: 'JSON' });
    expect(error.message).toMatch(/^transcript: JSON: it is not valid JSON \(.+\)$/);
    await expectRefusal('"hello"', 'JSON', `it is a string, not a list of segments; ${shape}`, { format: 'json' });
    await expectRefusal('{"text":"hello"}', 'JSON', `there is no "segments" list; ${shape}, or {"segments": [...]} as Whisper writes`);
    await expectRefusal('{"segments":"hello"}', 'JSON (transcript.segments)', `Invalid input: expected array, received string; ${shape}`);
    await expectRefusal('[]', 'JSON', 'there are no segments');
    await expectRefusal('[{"start":0,"end":1,"text":"  "}]', 'JSON', 'every segment has empty text');
  });
});

describe('plain text', () => {
  it('reads each timestamp style, speakers, and lines that continue the one above', async () => {
    const text = [
      'Recorded live.',
      '[00:00:05] Alice: Hello there.',
      '[0:09] Bob Smith: Hi Alice.',
      'This line continues Bob.',
      '(0:15) Back to you.',
      '00:00:20 Carol: Third speaker',
      '00:00:24 - SPEAKER_01: diarised label',
      '0:30.5 | Speaker 2: with a bar',
      "[00:00:35] So here's the thing: not a name",
      '[1:00:00] Dr. Jones: an hour in, with enough words for a while',
    ].join('\r\n');
    expect(await parseTranscript(text, {})).toEqual({
      format: 'text',
      cues: [
        { start: 0, end: 5, text: 'Recorded live.' },
        { start: 5, end: 9, text: 'Hello there.', speaker: 'Alice' },
        { start: 9, end: 15, text: 'Hi Alice. This line continues Bob.', speaker: 'Bob Smith' },
        { start: 15, end: 20, text: 'Back to you.' },
        { start: 20, end: 24, text: 'Third speaker', speaker: 'Carol' },
        { start: 24, end: 30.5, text: 'diarised label', speaker: 'SPEAKER_01' },
        { start: 30.5, end: 35, text: 'with a bar', speaker: 'Speaker 2' },
        { start: 35, end: 3600, text: "So here's the thing: not a name" },
        // The last cue lasts as long as its 9 words take at the speech rate (2.5 a second).
        { start: 3600, end: 3603.6, text: 'an hour in, with enough words for a while', speaker: 'Dr. Jones' },
      ],
      estimated: false,
      warnings: [],
    });
  });

  it('reads Otter-style turns (the speaker and the time on a line of their own, the turn below)', async () => {
    const text = 'Ana Lopez  0:00\nWelcome to the show.\n\nBen Ruiz  0:12\nThanks for having me.\nIt is a pleasure.\n\nAna Lopez  0:20\nTell me about bread.\n';
    const { cues } = await parseTranscript(text, {});
    expect(cues.map((cue) => [cue.start, cue.speaker, cue.text])).toEqual([
      [0, 'Ana Lopez', 'Welcome to the show.'],
      [12, 'Ben Ruiz', 'Thanks for having me. It is a pleasure.'],
      [20, 'Ana Lopez', 'Tell me about bread.'],
    ]);
  });

  it('splits a stamped line’s time by words with an unstamped "Name:" turn under it', async () => {
    const text = '[00:00:00] Ana: one two three four five six\nBen: seven eight\n[00:00:10] Ana: nine ten\nBen: eleven twelve\n';
    const { cues } = await parseTranscript(text, {});
    expect(cues.map((cue) => [cue.start, Math.round(cue.end * 100) / 100, cue.speaker, cue.text])).toEqual([
      [0, 7.5, 'Ana', 'one two three four five six'],
      [7.5, 10, 'Ben', 'seven eight'],
      [10, 10.8, 'Ana', 'nine ten'],
      [10.8, 11.6, 'Ben', 'eleven twelve'],
    ]);
  });

  it('refuses timestamps going backwards, and out of range, with the line', async () => {
    await expectRefusal('[00:00:10] A\n\n[00:00:12] B\n[00:00:05] C\n', 'line 4', 'the timestamp 00:00:05 is earlier than the one before it; timestamps must not go back');
    await expectRefusal('[00:00:10] A\n[00:01:75] B\n', 'line 2', 'the timestamp 00:01:75 is out of range: minutes and seconds go up to 59');
  });

  it('refuses timestamps without text', async () => {
    await expectRefusal('[00:00:10]\n[00:00:12]\n', 'line 1', 'the timestamps carry no text');
  });

  it('without timestamps nor duration_seconds, times each line at the speech rate (150 words a minute)', async () => {
    const transcript = await parseTranscript('one two three four\n\nfive six seven eight nine ten eleven twelve\n', {});
    expect(transcript).toMatchObject({ format: 'text', estimated: true, warnings: [] });
    expect(transcript.cues.map((cue) => cue.text)).toEqual(['one two three four', 'five six seven eight nine ten eleven twelve']);
    // 4 and 8 words at 2.5 words a second.
    expect(transcript.cues.map((cue) => [cue.start, cue.end].map((value) => Math.round(value * 1000) / 1000))).toEqual([
      [0, 1.6],
      [1.6, 4.8],
    ]);
  });

  it('without timestamps but with duration_seconds, estimates each line’s time in proportion to its words', async () => {
    expect(await parseTranscript('one two three four\n\nfive six seven eight nine ten\r\neleven twelve\n', { durationSeconds: 60 })).toEqual({
      format: 'text',
      cues: [
        { start: 0, end: 20, text: 'one two three four' },
        { start: 20, end: 50, text: 'five six seven eight nine ten' },
        { start: 50, end: 60, text: 'eleven twelve' },
      ],
      estimated: true,
      warnings: [],
    });
  });
});

describe('an explicit format', () => {
  it('overrides detection', async () => {
    const headerless = '1\n00:00:01.000 --> 00:00:02.000\nHello\n';
    expect((await parseTranscript(headerless, {})).format).toBe('vtt');
    await expectRefusal(headerless, 'cue 1 (line 2)', `"00:00:01.000 --> 00:00:02.000" has a malformed time; ${srtArrow}`, { format: 'srt' });
    const error = await refusal('Hello there', { format: 'json' });
    expect(error.message).toMatch(/^transcript: JSON: it is not valid JSON \(.+\)$/);
    // SRT read as text: its timing lines are timestamps with the rest of the line as text.
    expect(await parseTranscript('00:00:01,000 Hello\n00:00:03,500 World', { format: 'text' })).toEqual({
      format: 'text',
      cues: [
        { start: 1, end: 3.5, text: 'Hello' },
        { start: 3.5, end: 4.5, text: 'World' },
      ],
      estimated: false,
      warnings: [],
    });
  });
});

describe('empty input', () => {
  it.each([[''], ['   \n\t\r\n'], ['\uFEFF'], ['\uFEFF \n']])('%j is refused whatever the format', async (text) => {
    for (const format of [undefined, 'srt', 'vtt', 'youtube', 'json', 'text'] as const) {
      await expectRefusal(text, 'line 1', 'the transcript is empty', { format, durationSeconds: 60 });
    }
  });
});

describe('a 3-hour talk', () => {
  it('parses as SRT into every cue (parse time is logged, not asserted)', async () => {
    const talk = syntheticTalk(180);
    const srt = asSrt(talk);
    const started = performance.now();
    const parsed = await parseTranscript(srt, {});
    const elapsed = performance.now() - started;
    console.info(`parseTranscript: 3-hour SRT (${talk.length} cues, ${(srt.length / 1024).toFixed(0)} KiB) in ${elapsed.toFixed(0)} ms`);
    expect(parsed.format).toBe('srt');
    expect(parsed.cues).toHaveLength(talk.length);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.cues.at(-1)).toEqual({ start: talk.at(-1)!.start, end: talk.at(-1)!.end, text: talk.at(-1)!.text });
    // The library gets long files in pieces (a WebVTT piece with its own header): nothing is lost at the seams.
    expect((await parseTranscript(asVtt(talk), {})).cues).toEqual(parsed.cues);
  });
});

describe('over REST', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const post = (body: unknown) => app.api('/api/agents/clips/factory', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers a malformed SRT with 400 invalid_input naming the cue and line', async () => {
    const response = await post({ transcript: '1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n' });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toContain('cue 2 (line 5)');
    expect(body.error.message).toBe('transcript: cue 2 (line 5): a blank line is missing before this timing line (without it, it is read as part of the cue above)');
    expect(body.error.details).toEqual({ where: 'cue 2 (line 5)', problem: 'a blank line is missing before this timing line (without it, it is read as part of the cue above)' });
  });

  it('answers a bad JSON segment with 400 and the reason, and untimed text too short for a clip with 422', async () => {
    const segment = await post({
      transcript: [
        { start: 0, end: 1, text: 'a' },
        { start: 2, end: 1, text: 'b' },
      ],
    });
    expect(segment.status).toBe(400);
    expect((await json(segment)).error).toMatchObject({ code: 'invalid_input', details: { where: 'segment 2 (transcript[1].end)' } });
    // Untimed text is timed at the speech rate: eight words are 3.2 s, too short for a clip.
    const text = await post({ transcript: 'Just some words without any timestamps at all.' });
    expect(text.status).toBe(422);
    expect((await json(text)).error.message).toBe('The transcript covers 3.2 s of speech, less than min_seconds (20); lower min_seconds or send a longer transcript.');
  });
});
