import { describe, expect, it } from 'vitest';
import { extractBrief } from '../../../src/compose/brief/index.js';

describe('extractBrief: links', () => {
  it('emails and URLs, without the domain of an email counted as a URL', () => {
    const brief = extractBrief('Contact form copy: reach us at hello@acme.com or support@acme.co.uk, or visit https://acme.com/contact.');
    expect(brief.emails).toEqual(['hello@acme.com', 'support@acme.co.uk']);
    expect(brief.urls).toEqual(['https://acme.com/contact']);
  });

  it('URLs with query strings, www and brackets', () => {
    const brief = extractBrief('See https://acme.com/pricing?plan=pro&ref=ad (or www.acme.io), and our shop at etsy.com/shop/claymade.');
    expect(brief.urls).toEqual(['https://acme.com/pricing?plan=pro&ref=ad', 'www.acme.io', 'etsy.com/shop/claymade']);
  });

  it('file names and abbreviations are not domains', () => {
    const brief = extractBrief('Use Node.js and index.html, e.g. a README.md, i.e. v1.2 of the app');
    expect(brief.urls).toEqual([]);
  });
});
