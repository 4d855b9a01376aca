import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { crms, exportCsv, mappingOf, neutralized } from '../../tools/outreach/crm.js';
import { importLeads } from '../../tools/outreach/leads.js';
import { categories } from '../../tools/outreach/triage.js';

let n = 0;
const leads = importLeads(
  'first_name,last_name,email,company,title,phone\nAna,Silva,ana@smile.example,"Smile, Dental",Owner,+49 30 1\nBen,,ben@praxis.example,,"=HYPERLINK(""x"")",+cmd|\' /C calc\'!A0\nCleo,Roth,cleo@zahn.example,-5,@SUM(A1),+1 (555) 010-9999\n',
  {
    timezone: 'UTC',
    scoring: { idealCustomer: '', offer: '', channels: ['email'] },
    newLeadId: () => `ld_${(n += 1)}`,
  },
).accepted;

describe('CRM mappings and exports', () => {
  it('use the CRMs’ own field names and map every triage category to a status', () => {
    expect(mappingOf('hubspot').fields.map((field) => field.crm_field)).toEqual(expect.arrayContaining(['firstname', 'lastname', 'email', 'company', 'hs_lead_status']));
    expect(mappingOf('salesforce').fields.map((field) => field.crm_field)).toEqual(expect.arrayContaining(['FirstName', 'LastName', 'Email', 'Company', 'Status', 'LeadSource']));
    expect(mappingOf('pipedrive').fields.map((field) => field.crm_field)).toEqual(expect.arrayContaining(['Lead - Title', 'Person - Name', 'Person - Email', 'Organization - Name']));
    for (const crm of crms) for (const category of categories) expect(mappingOf(crm).status_by_category[category], `${crm} ${category}`).toBeTruthy();
    expect(mappingOf('hubspot').status_by_category).toMatchObject({ interested: 'IN_PROGRESS', not_now: 'BAD_TIMING', not_interested: 'UNQUALIFIED' });
    expect(mappingOf('salesforce').dedupe_key).toBe('Email');
  });

  it('keep phone numbers exactly as given in all three exports, and still neutralise formulas', () => {
    const phoneColumn = { hubspot: 'phone', salesforce: 'Phone', pipedrive: 'Person - Phone' } as const;
    for (const crm of crms) {
      const file = exportCsv(crm, leads, new Map(), { title: 'Ledgerly outreach', leadSource: 'Other' });
      const rows: Array<Record<string, string>> = parse(file.csv, { columns: true });
      const column = phoneColumn[crm];
      expect(file.columns, crm).toContain(column);
      expect(
        rows.map((row) => row[column]),
        crm,
      ).toEqual(['+49 30 1', "'+cmd|' /C calc'!A0", '+1 (555) 010-9999']);
    }
    expect(neutralized('+49 30 1234567')).toBe('+49 30 1234567');
    expect(neutralized('-5')).toBe('-5');
    expect(neutralized("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(neutralized('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(neutralized('\t=1')).toBe("'\t=1");
  });

  it('export CSV that parses back to the same rows, with statuses, and formulas escaped', () => {
    const states = new Map([[leads[1]!.lead_id, 'unsubscribe' as const]]);
    for (const crm of crms) {
      const file = exportCsv(crm, leads, states, { title: 'Ledgerly outreach', leadSource: 'Other' });
      const rows: Array<Record<string, string>> = parse(file.csv, { columns: true });
      expect(Object.keys(rows[0]!)).toEqual(file.columns);
      expect(rows).toHaveLength(3);
      if (crm === 'hubspot') {
        expect(rows[0]).toMatchObject({ firstname: 'Ana', lastname: 'Silva', email: 'ana@smile.example', company: 'Smile, Dental', hs_lead_status: 'NEW' });
        expect(rows[1]).toMatchObject({ email: 'ben@praxis.example', hs_lead_status: 'UNQUALIFIED', jobtitle: `'=HYPERLINK("x")` });
        expect(rows[2]).toMatchObject({ company: '-5', jobtitle: "'@SUM(A1)" });
      }
      if (crm === 'salesforce') {
        expect(rows[1]).toMatchObject({ LastName: '[not provided]', Company: '[not provided]', Status: 'Closed - Not Converted', HasOptedOutOfEmail: 'true', LeadSource: 'Other' });
        expect(rows[0]).toMatchObject({ Rating: 'Hot', Status: 'Open - Not Contacted' });
      }
      if (crm === 'pipedrive')
        expect(rows[0]).toMatchObject({ 'Person - Name': 'Ana Silva', 'Organization - Name': 'Smile, Dental', 'Lead - Title': 'Smile, Dental – Ledgerly outreach', 'Lead - Labels': 'Cold' });
    }
  });
});
