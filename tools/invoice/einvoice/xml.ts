/**
 * A small XML writer for the e-invoice syntaxes: elements in the order the schema fixes, text
 * escaped, and an element with nothing in it left out (so optional groups vanish by themselves).
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string | null;
}

export type XmlChild = XmlElement | null | undefined | false | XmlChild[];

/** Characters XML 1.0 cannot carry at all: C0 controls other than tab, newline and return, lone surrogates, U+FFFE/U+FFFF. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose.
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

function escape(value: string, where: string): string {
  if (forbidden.test(value)) {
    const char = forbidden.exec(value)?.[0] ?? '';
    throw new Error(`${where}: U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} cannot be written in XML; remove it from the invoice's text.`);
  }
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const flatten = (children: XmlChild[]): XmlElement[] => children.flatMap((child) => (Array.isArray(child) ? flatten(child) : child ? [child] : []));

/** An element holding other elements; null when none of them is there. */
export function el(name: string, ...children: XmlChild[]): XmlElement | null {
  const kept = flatten(children);
  return kept.length ? { name, attributes: {}, children: kept, text: null } : null;
}

/** An element holding text; null when the value is null or undefined. */
export function leaf(name: string, value: string | number | null | undefined, attributes: Record<string, string> = {}): XmlElement | null {
  return value === null || value === undefined ? null : { name, attributes, children: [], text: String(value) };
}

/** The document's root: always written, with its namespace declarations. */
export function root(name: string, attributes: Record<string, string>, ...children: XmlChild[]): XmlElement {
  return { name, attributes, children: flatten(children), text: null };
}

function write(element: XmlElement, indent: string, out: string[]): void {
  const attributes = Object.entries(element.attributes)
    .map(([key, value]) => ` ${key}="${escape(value, `${element.name}@${key}`)}"`)
    .join('');
  if (element.text !== null) {
    out.push(`${indent}<${element.name}${attributes}>${escape(element.text, element.name)}</${element.name}>`);
    return;
  }
  if (element.children.length === 0) {
    out.push(`${indent}<${element.name}${attributes}/>`);
    return;
  }
  out.push(`${indent}<${element.name}${attributes}>`);
  for (const child of element.children) write(child, `${indent}  `, out);
  out.push(`${indent}</${element.name}>`);
}

/** The UTF-8 XML document of `element`, with its declaration and a final newline. */
export function serialize(element: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(element, '', out);
  return `${out.join('\n')}\n`;
}
