/**
 * English words shared by every part that reads text: the stop words (articles, pronouns, prepositions,
 * conjunctions, auxiliaries and the commonest adverbs) that never make a keyword, a topic or a salient word.
 * A reader that needs more builds its own set from this one and names it for what it adds.
 */

/** The shared English stop words, lower case. */
export const stopwords: ReadonlySet<string> = new Set(
  `a an the and or but nor so yet for of to in on at by with from into onto about above below over under between
  through during before after since until than then as if while because though although whether i me my mine we
  us our ours you your yours he him his she her hers it its they them their theirs this that these those who
  whom whose which what where when why how all any both each either neither every few many more most much other
  some such no not only own same too very just also really quite rather can could will would shall should may
  might must do does did done doing is am are was were be been being have has had having get gets got there here
  up down out off again further once ever still even well ok okay one`.split(/\s+/u),
);
