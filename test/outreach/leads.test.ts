import { describe, expect, it } from 'vitest';
import { importLeads, isEmail } from '../../tools/outreach/leads.js';
import { OutcomeError } from '../../src/kernel/errors.js';

let n = 0;
const options = { timezone: 'Europe/Berlin', scoring: { idealCustomer: 'Owners of dental clinics', offer: 'Bookkeeping for dental clinics', channels: ['email'] }, newLeadId: () => `ld_${(n += 1)}` };

describe('lead import', () => {
  it('reads a BOM, semicolons, quoted fields with delimiters and line breaks, and header aliases', () => {
    const csv =
      '\uFEFF"First Name";Last Name;"Email Address";Company Name;Job Title;Industry\r\n' +
      'Ana;Silva;ana@smile.example;"Smile; Dental";Owner;Dental clinic\r\n' +
      'Ben;"Ng";BEN@Praxis.example;"Praxis ""Nord""\nGmbH";Office manager;Healthcare\r\n';
    const { schema, accepted, rejected } = importLeads(csv, options);
    expect(schema).toMatchObject({ format: 'csv', delimiter: ';', unknown_columns: [] });
    expect(schema.columns.map((column) => column.field)).toEqual(['first_name', 'last_name', 'email', 'company', 'title', 'industry']);
    expect(rejected).toEqual([]);
    expect(accepted.map((lead) => [lead.fields.first_name, lead.email, lead.fields.company])).toEqual([
      ['Ana', 'ana@smile.example', 'Smile; Dental'],
      ['Ben', 'ben@praxis.example', 'Praxis "Nord"\nGmbH'],
    ]);
    // Each lead's line is where its row starts, whatever line breaks a quoted value holds.
    expect(accepted.map((lead) => lead.line)).toEqual([2, 3]);
    expect(importLeads(`email,company\n"a@b.example","x\ny\nz"\n\nc@d.example,e\n`, options).accepted.map((lead) => lead.line)).toEqual([2, 6]);
    // Transparent scores: the owner of a dental clinic scores on title, industry and the rest.
    expect(accepted[0]).toMatchObject({ segment: 'priority', score_reasons: expect.arrayContaining(['decision_maker_title +30', 'industry_match +20']) });
    expect(accepted[1]?.score_reasons).not.toContain('decision_maker_title +30');
  });

  it('keeps unknown columns as custom fields and says so, and keeps a second column of a known field', () => {
    const { schema, accepted } = importLeads('email,first_name,Favourite Tool,E-mail\nana@smile.example,Ana,Excel,ana.private@smile.example\n', options);
    expect(schema.unknown_columns).toEqual(['Favourite Tool', 'E-mail']);
    expect(accepted[0]?.custom).toEqual({ favourite_tool: 'Excel', e_mail: 'ana.private@smile.example' });
    expect(schema.warnings.join(' ')).toMatch(/E-mail.*also reads as email/);
  });

  it('rejects with a reason and row: missing, invalid, duplicate (case-insensitive), too many fields; flags role, disposable, free mail, same domain', () => {
    const csv = [
      'name,email,company',
      'Ana Silva,ana@smile.example,Smile',
      'No Mail,,Smile',
      'Bad,ana@@smile,Smile',
      'Ana Again,ANA@smile.example,Smile',
      'Throwaway,x@mailinator.com,Temp',
      'Front desk,info@smile.example,Smile',
      'Gmail user,someone@gmail.com,',
      'Extra,extra@smile.example,Smile,unexpected',
      '"Doe, Jane",jane@other.example,Other',
    ].join('\n');
    const { accepted, rejected } = importLeads(csv, options);
    expect(rejected.map((rejection) => [rejection.row, rejection.reason])).toEqual([
      [2, 'missing_email'],
      [3, 'invalid_email'],
      [4, 'duplicate_email'],
      [8, 'extra_fields'],
    ]);
    expect(rejected[2]?.message).toBe('row 4: ana@smile.example is already in row 1.');
    const byEmail = new Map(accepted.map((lead) => [lead.email, lead]));
    expect(byEmail.get('info@smile.example')?.flags).toEqual(expect.arrayContaining(['role_address', 'same_domain']));
    expect(byEmail.get('ana@smile.example')?.flags).toContain('same_domain');
    // A throwaway inbox is flagged like a role address (kept, shown), and outreach_send never writes to it.
    expect(byEmail.get('x@mailinator.com')?.flags).toContain('disposable_address');
    expect(byEmail.get('x@mailinator.com')?.score_reasons).not.toContain('business_domain +5');
    expect(byEmail.get('someone@gmail.com')?.flags).toContain('free_mail');
    expect(byEmail.get('someone@gmail.com')?.flags).not.toContain('same_domain');
    expect(byEmail.get('jane@other.example')?.fields).toMatchObject({ first_name: 'Jane', last_name: 'Doe' });
    // Nothing dropped silently: every data row is accepted or rejected.
    expect(accepted.length + rejected.length).toBe(9);
  });

  it('accepts internationalised domains in their ASCII form, and nothing malformed', () => {
    for (const address of ['ivan@example.xn--p1ai', 'ana@xn--mller-kva.example', 'bo@shop.co.uk']) expect(isEmail(address), address).toBe(true);
    for (const address of ['ana@example', 'ana@example.c0m', 'ana..b@example.com', '.ana@example.com', 'ana.@example.com', 'ana@-x.com']) expect(isEmail(address), address).toBe(false);
  });

  it('takes JSON leads under the same aliases, with their own time zone when valid', () => {
    const { accepted, schema } = importLeads(
      [
        { 'First Name': 'Ana', Email: 'ana@smile.example', timezone: 'America/New_York' },
        { first_name: 'Ben', email_address: 'ben@praxis.example', tz: 'Mars/Olympus' },
      ],
      options,
    );
    expect(schema.format).toBe('json');
    expect(accepted.map((lead) => [lead.email, lead.timezone, lead.flags.includes('invalid_timezone')])).toEqual([
      ['ana@smile.example', 'America/New_York', false],
      ['ben@praxis.example', 'Europe/Berlin', true],
    ]);
  });

  it('refuses a CSV it cannot read with a clear message', () => {
    expect(() => importLeads('email,name\n"ana@smile.example,Ana\n', options)).toThrow(OutcomeError);
    expect(() => importLeads('email,name\n"ana@smile.example,Ana\n', options)).toThrow(/leads: the CSV does not parse \(Quote Not Closed/);
    expect(() => importLeads('', options)).toThrow(/CSV is empty/);
    // Refused before parsing, at once: a line of a million delimiters, or far more lines than leads.
    expect(() => importLeads(','.repeat(1_000_000), options)).toThrow(/line 1 has more than 200 values/);
    expect(() => importLeads(`email\n${'a@b.co\n'.repeat(20_000)}`, options)).toThrow(/at most 5,000 leads/);
  });
});
