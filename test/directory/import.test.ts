import { describe, expect, it } from 'vitest';
import { buildDocument, reviseDocument } from '../../tools/directory/draft.js';
import { submissionJsonSchema } from '../../tools/directory/fields.js';
import { readRows } from '../../tools/directory/listings.js';
import { detectDelimiter } from '../../src/files/csv.js';
import { buildInputSchema } from '../../tools/directory/schema.js';

/** Listings imported as CSV as exports come (semicolons, tabs, a BOM, line breaks in quotes), and categories held to those given. */
const build = (input: Record<string, unknown>) => buildDocument(buildInputSchema.parse({ prompt: 'Vegan places in Lisbon', ...input }), 'dir_01jdz8x4m6b3q9r2t5v7w0y1c3', '2026-11-23T00:00:00.000Z');
const names = (document: ReturnType<typeof build>) => document.listings.map((listing) => listing.values.name);

describe('CSV listings', () => {
  it('reads semicolon-separated files (a spreadsheet in a decimal-comma locale), commas inside values kept', () => {
    const document = build({ listings: 'Name;Category;Location;Description\nGreen Bean;Cafe;Alfama;Pastries, oat flat whites\nLeaf & Loaf;Bakery;Baixa;Sourdough' });
    expect(document.meta.rejected).toEqual([]);
    expect(names(document)).toEqual(['Green Bean', 'Leaf & Loaf']);
    expect(document.listings[0]?.values).toMatchObject({ category: 'Cafe', location: 'Alfama', description: 'Pastries, oat flat whites' });
    expect(document.categories).toEqual(['Bakery', 'Cafe']);
  });

  it('reads tab-separated files with a BOM, and quoted values holding line breaks and delimiters', () => {
    const csv = '\uFEFFname\tcategory\tdescription\nGreen Bean\tCafe\t"Two lines:\nand a tab\there"\nRoot Bar\tBar\tSmall plates';
    const document = build({ listings: csv });
    expect(document.meta.rejected).toEqual([]);
    expect(document.fields.map((field) => field.name)).toEqual(['name', 'category', 'description']);
    expect(document.listings.map((listing) => listing.values)).toEqual([
      { name: 'Green Bean', category: 'Cafe', description: 'Two lines:\nand a tab\there' },
      { name: 'Root Bar', category: 'Bar', description: 'Small plates' },
    ]);
    const semicolons = build({ listings: 'name;description\n"Green; Bean";"A\n""quoted""; line"\n' });
    expect(semicolons.listings.map((listing) => listing.values)).toEqual([{ name: 'Green; Bean', description: 'A\n"quoted"; line' }]);
  });

  it('refuses only a row with a value too many, naming its row, its line and why; the rows around it are read', () => {
    const csv = [
      'name,category,location',
      'Green Bean,Cafe,Alfama',
      '"Leaf, Loaf",Bakery,Baixa',
      'Tofu House, Alfama,Restaurant,Alfama',
      'Root Bar,"Bar\nand kitchen",Chiado',
      'Kale Club,Cafe,Graça,',
      ',Cafe,Lapa',
      'Green Bean,Cafe,Alfama',
    ].join('\n');
    const document = build({ listings: csv });
    expect(names(document)).toEqual(['Green Bean', 'Leaf, Loaf', 'Root Bar', 'Kale Club']);
    expect(document.meta.rejected).toEqual([
      { row: 3, name: 'Tofu House', reasons: ['line 4: 4 values where the header has 3 columns; put double quotes around a value that holds ","'] },
      { row: 6, name: null, reasons: ['name: required'] },
      { row: 7, name: 'Green Bean', reasons: ['duplicate of row 1: the same name and place'] },
    ]);
    // A quoted line break moves the lines on: the row after it is reported on its own line.
    const later = build({ listings: 'name;location\n"Two\nlines";Baixa\nBad;Row;Here\n' });
    expect(later.meta.rejected).toEqual([{ row: 2, name: 'Bad', reasons: ['line 4: 3 values where the header has 2 columns; put double quotes around a value that holds ";"'] }]);
  });

  it('refuses a JSON item that is not an object on its own, and added listings keep their own row numbers', () => {
    const document = build({ listings: JSON.stringify([{ name: 'Green Bean', location: 'Alfama' }, 'Leaf & Loaf', { name: 'Root Bar', location: 'Chiado' }]) });
    expect(names(document)).toEqual(['Green Bean', 'Root Bar']);
    expect(document.meta.rejected).toEqual([{ row: 2, name: null, reasons: ['not an object of field values (got string)'] }]);
    const latest = { id: 'dir_01jdz8x4m6b3q9r2t5v7w0y1c3', version: 1, document };
    const { document: next } = reviseDocument(latest, { add_listings: 'name,location\nKale Club,Graça\nBad,Row,Here\n,Lapa' }, '2026-11-24T00:00:00.000Z');
    expect(next?.meta.rejected).toEqual([
      { row: 2, name: 'Bad', reasons: ['line 3: 3 values where the header has 2 columns; put double quotes around a value that holds ","'] },
      { row: 3, name: null, reasons: ['name: required'] },
    ]);
  });

  it('detects the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('"a,b";c;d\n1,2,3')).toBe(';');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('name\nx')).toBe(',');
    expect(readRows('name|city\nA|B').rows).toEqual([{ name: 'A', city: 'B' }]);
  });
});

describe('categories given', () => {
  it('are exactly the options: another category is refused with the allowed values, the filter and the form offer only those', () => {
    const listings = [
      { name: 'Green Bean', category: 'Cafe', location: 'Alfama' },
      { name: 'Leaf & Loaf', category: 'Bakery', location: 'Baixa' },
      { name: 'Kale Club', category: 'café', location: 'Graça' },
    ];
    const document = build({ listings, categories: ['Cafe'] });
    expect(document.categories).toEqual(['Cafe']);
    expect(document.fields.find((field) => field.name === 'category')).toMatchObject({ type: 'select', options: ['Cafe'], filterable: true });
    // Written in another case or without its accent, a category given is still that category.
    expect(document.listings.map((listing) => [listing.values.name, listing.values.category])).toEqual([
      ['Green Bean', 'Cafe'],
      ['Kale Club', 'Cafe'],
    ]);
    expect(document.meta.rejected).toEqual([{ row: 2, name: 'Leaf & Loaf', reasons: ['category: must be one of "Cafe"'] }]);
    const schema = submissionJsonSchema(document.fields, document.title) as { properties: Record<string, { enum?: string[] }> };
    expect(schema.properties.category?.enum).toEqual(['Cafe']);
  });

  it('hold with fields given too: the category field is theirs (added after name when the fields have none)', () => {
    const withField = build({ listings: [{ name: 'Leaf & Loaf', category: 'Bakery' }], fields: [{ name: 'name' }, { name: 'category', options: ['Bakery', 'Cafe'] }], categories: ['Cafe'] });
    expect(withField.fields.find((field) => field.name === 'category')?.options).toEqual(['Cafe']);
    expect(withField.meta.rejected).toEqual([{ row: 1, name: 'Leaf & Loaf', reasons: ['category: must be one of "Cafe"'] }]);
    const without = build({ listings: [{ name: 'Green Bean', category: 'Cafe' }], fields: [{ name: 'name' }, { name: 'location' }], categories: ['Cafe', 'Bakery'] });
    expect(without.fields.map((field) => [field.name, field.options])).toEqual([
      ['name', undefined],
      ['category', ['Bakery', 'Cafe']],
      ['location', undefined],
    ]);
    expect(names(without)).toEqual(['Green Bean']);
  });

  it('read off the listings when none are given, spellings that differ only in case or accents counted once', () => {
    const document = build({
      listings: [
        { name: 'A', category: 'Cafe' },
        { name: 'B', category: 'café' },
        { name: 'C', category: 'Bakery' },
      ],
    });
    expect(document.categories).toEqual(['Bakery', 'Cafe']);
    expect(document.listings.map((listing) => listing.values.category)).toEqual(['Cafe', 'Cafe', 'Bakery']);
  });
});
