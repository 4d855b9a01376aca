/**
 * A street address: found from its postcode (US "TX 78702", UK "LS1 6BY", "10119 Berlin", "1300-307 Lisboa",
 * "01310-100") and walked back over comma- or dash-separated parts to the street ("14 Kirkgate", "Torstraße 120").
 */
import type { Stated } from '../facts.js';
import { matches, stated } from './stated.js';

const POSTCODES = [
  /(?<![\p{L}\p{N}])[A-Z]{2}\s+\d{5}(?:-\d{4})?(?!\d)/gu,
  /(?<![\p{L}\p{N}])[A-Z]{2}\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}.,])\d{5}-\d{3}(?!\d)/gu,
  /(?<![\p{L}\p{N}.,])\d{4}(?:-\d{3})?\s+\p{Lu}[\p{L}'-]+(?:\s+(?:\p{Lu}[\p{L}'-]+|de|del|do|da|am|an|der))*(?:\s+\([\p{L} ]+\))?/gu,
  /(?<![\p{L}\p{N}.,])\d{5}\s+\p{Lu}[\p{L}'-]+(?:\s+(?:\p{Lu}[\p{L}'-]+|de|del|do|da|am|an|der))*(?:\s+\([\p{L} ]+\))?/gu,
];

const STREET_WORD = String.raw`(?:Rua|R\.|Av\.|Avenida|Calle|C\/|Gran Vía|Paseo|Plaza|Praça|Travessa|Largo|[Rr]ue|[Aa]venue|[Bb]oulevard|[Cc]ours|[Pp]lace|[Qq]uai|[Cc]hemin|[Aa]llée|Via|Unit|Suite|Hangar|Am|An der)`;
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}'’.-]*|\d{1,3}(?:st|nd|rd|th)|de|del|da|do|dos|das|des|du|la|le|of|the|XV|[NSEW])`;
// The street as the last words of a part: "at 31 Greek Street", "in der Schanzenstraße 12", "C/ del Pez 21".
const STREET_IN_PART = [
  new RegExp(String.raw`(?<![\p{L}\p{N}])\d{1,5}[a-z]?\s+(?:${NAME_WORD}|rue|cours|avenue|place|quai|chemin)(?:\s+${NAME_WORD}|-\p{L}+)*$`, 'u'),
  new RegExp(String.raw`${STREET_WORD}(?:\s+${NAME_WORD})*(?:,?\s+\d{1,5}[a-z]?)?$`, 'u'),
  new RegExp(String.raw`(?<![\p{L}])\p{Lu}[\p{L}'’-]*(?:\s+${NAME_WORD})*\s\d{1,5}[a-z]?$`, 'u'),
  new RegExp(String.raw`(?<![\p{L}])\p{Lu}[\p{L}'’-]*(?:\s+${NAME_WORD})*\s(?:Street|St|Road|Rd|Lane|Avenue|Ave|Way|Place|Square|Row|Walk|Park)$`, 'u'),
];
const PLAIN_PART = new RegExp(String.raw`^(?:${NAME_WORD}|\d{1,5}|conj\.|and|&|\([\p{L} ]+\))(?:\s+(?:${NAME_WORD}|\d{1,5}|and|&|\([\p{L} ]+\)))*$`, 'u');
const SEPARATOR = /(?:,\s*|\s+[–—-]\s+|\s+·\s+)$/u;
const LAST_PART = /^[\s\S]*(?:[,–—(:;)\n·•]|(?<!(?:conj|Av|Dr|St|Co|Nr|No|R))[.!?]\s)\s*([^,–—(:;)\n·•]*)$/u;

const BARE_STREET = new RegExp(
  String.raw`(?:(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|(?<![eopt])ring|damm|ufer|chaussee|markt)|(?:Am|An der|Auf der|Im) \p{Lu}[\p{L}-]+)\s+\d{1,3}[a-z]?(?![\p{L}\p{N}])` +
    String.raw`|(?<![\p{L}\p{N}.,])\d{1,5}[a-z]?\s+(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:Street|Road|Lane|Avenue|Square|Row|Drive|Boulevard|Terrace|Crescent|Close|Court)(?![\p{L}])(?!\s+\p{Lu}))` +
    // The town when it closes the part: "14 Mill Lane, Bristol:", "Hauptstraße 12, Freiburg."
    String.raw`(?:,\s*\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?(?=\s*(?:[,:;.!?\n]|$)))?`,
  'gu',
);

/** Where the street starts, walking back from a postcode; null when no street is found. */
function streetStart(view: string, anchor: number): number | null {
  let cursor = anchor;
  // The postcode's own part: "Leeds LS1 6BY" (the town before the postcode), or nothing after a comma.
  const ownHead = view.slice(Math.max(0, cursor - 60), cursor);
  const own = LAST_PART.exec(ownHead)?.[1] ?? ownHead;
  if (!/^\s*$/u.test(own)) {
    const found = STREET_IN_PART.map((re) => re.exec(own.trimEnd())).find((m) => m);
    if (found) return cursor - own.length + (found.index ?? 0);
    if (!PLAIN_PART.test(own.trim())) return null;
    cursor -= own.length;
  }
  let street: number | null = null;
  for (let parts = 0; parts < 6; parts += 1) {
    const sep = SEPARATOR.exec(view.slice(Math.max(0, cursor - 4), cursor));
    if (!sep) return street;
    const partEnd = cursor - sep[0].length;
    const head = view.slice(Math.max(0, partEnd - 80), partEnd);
    const part = LAST_PART.exec(head)?.[1] ?? head;
    const found = STREET_IN_PART.map((re) => re.exec(part)).find((m) => m);
    if (found) {
      street = partEnd - part.length + (found.index ?? 0);
      // A street with its number is where the address starts; "Mill Lane" may follow a building's name.
      if ((/\d/u.test(found[0]) && !/^Suite\b/u.test(found[0])) || found.index !== 0) return street;
      cursor = street;
      continue;
    }
    // "18:30 at Platform, New Station Street": the building's name after "at".
    const building = /(?:^|\s)(?:at|@)\s+(\p{Lu}[^]*)$/u.exec(part);
    if (street !== null && building?.[1] && PLAIN_PART.test(building[1].trim()) && building[1].trim().split(/\s+/u).length <= 3) return partEnd - building[1].length;
    if (!PLAIN_PART.test(part.trim()) || part.trim().split(/\s+/u).length > 4) return street;
    if (street !== null && part.trim().split(/\s+/u).length > 3) return street;
    cursor = partEnd - part.length + (part.length - part.trimStart().length);
    if (street !== null) return cursor;
  }
  return street;
}

export function findAddress(prompt: string, view: string): Stated | undefined {
  for (const re of POSTCODES) {
    for (const m of matches(view, re)) {
      const start = streetStart(view, m.index);
      if (start === null) continue;
      return stated(prompt, start, m.index + m[0].length);
    }
  }
  // No postcode: "Rua Harmonia, 250 – Vila Madalena, São Paulo – SP".
  const bare = /(?<![\p{L}])(?:Rua|Av\.|Avenida|Calle|C\/|rue|avenue|place|quai)\s+[\p{L} .'-]*?,?\s\d{1,5}(?:(?:,\s*|\s+[–—-]\s+)\p{Lu}[\p{L}]*(?:\s+(?:\p{Lu}[\p{L}]*|de|do|da|dos|das))*)*/gu;
  for (const m of matches(view, bare)) return stated(prompt, m.index, m.index + m[0].length);
  // No postcode either: a street known by its own word and its number ("Hauptstraße 12", "14 Mill Lane").
  for (const m of matches(view, BARE_STREET)) return stated(prompt, m.index, m.index + m[0].length);
  return undefined;
}
