/**
 * A podcast episode as such transcripts are published: two speakers, `Name: text` paragraphs, no
 * timestamps, with an intro, a sponsor read, filler exchanges, a self-contained story, an open
 * question left hanging and a sign-off. Written for these tests (the real transcripts of the
 * evaluation are in test/fixtures/clips-eval).
 */

const filler = ['Brady: Yeah.', 'Grey: Right?', 'Brady: Mm.', 'Grey: Yeah, yeah.', 'Brady: Right.', 'Grey: Mm-hmm.'];

/** Paragraphs of the episode, each a `Name: text` line; `marks` names the lines tests look for. */
export function podcastEpisode(): { text: string; sponsor: string[]; signOff: string[]; story: string[] } {
  const sponsor = [
    'Brady: This episode is brought to you by Squarespace.',
    'Brady: Squarespace makes it easy to build a website for your shop, your portfolio or your podcast, with templates that look good on every phone.',
    'Brady: They handle hosting, domains and checkout, so you can get on with the work you actually care about.',
    'Brady: Go to squarespace.com slash hello and use the code HELLO for ten percent off your first purchase.',
  ];
  const signOff = ['Grey: Well, that is all for today.', 'Brady: Thanks for listening, everyone, and subscribe to the podcast.', 'Grey: See you next time.', 'Brady: Bye then.'];
  const story = [
    'Grey: Did I ever tell you about the time the Star Wars premiere was cancelled in our town?',
    'Brady: No, never.',
    'Grey: The cinema had sold every ticket for the midnight showing, and three hundred people stood in the snow in costume.',
    'Grey: At eleven the projector broke, and the manager came out holding a light saber he had borrowed from a kid.',
    'Grey: He stood on a chair and told the whole crowd that the film would run at dawn instead, free coffee for everyone who stayed.',
    'Grey: Almost nobody left, and at six in the morning two hundred Jedi watched the opening crawl with frozen toes.',
    'Grey: That manager still gets a Christmas card from half the town.',
  ];
  const talk = (topic: string, noun: string) => [
    `Grey: The thing about ${topic} is that the ${noun} matters more than most people expect.`,
    `Brady: I have spent years looking at ${topic}, and the ${noun} is where it usually goes wrong.`,
    `Grey: So when the ${noun} changes, the whole ${topic} changes with it.`,
    `Brady: And that is why the best ${topic} people obsess over the ${noun} before anything else.`,
  ];
  const lines = [
    'Grey: Welcome to Hello Internet, episode 42.',
    "Brady: I'm Brady, and I'm here with Grey.",
    ...talk('bread baking', 'oven temperature'),
    ...filler,
    ...talk('marathon training', 'recovery week'),
    ...sponsor,
    ...filler,
    ...story,
    ...talk('garden soil', 'compost heap'),
    ...filler,
    ...filler,
    ...talk('database design', 'index choice'),
    'Brady: But what would you do if the index choice were wrong from the start?',
    ...signOff,
  ];
  return { text: lines.join('\n\n'), sponsor, signOff, story };
}
