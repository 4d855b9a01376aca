/**
 * HTML validity checks with the Nu Html Checker (vnu.jar, the W3C validator).
 * Documents are checked in one batch because starting the JVM is the slow part.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { expect } from 'vitest';

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  /** 'warning' for info; 'fatal' for errors that stopped the parse; 'io' | 'schema' | 'internal' for non-document errors. */
  subType?: string;
  message: string;
  url?: string;
  extract?: string;
  /** Only present when the message spans more than one line. */
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

function findJar(): string | undefined {
  try {
    // The package's main export is a String object, so resolve the jar file itself.
    return createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  } catch {
    return undefined;
  }
}

const jarPath = findJar();
const javaRuns = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

export const vnuAvailable: boolean = javaRuns && jarPath !== undefined;

export const vnuSkipReason: string = !javaRuns
  ? 'Skipping the HTML validity tests: java (a JRE) is not installed.'
  : !jarPath
    ? 'Skipping the HTML validity tests: node_modules/vnu-jar/build/dist/vnu.jar is missing (npm install).'
    : '';

/** Messages that make a document invalid (warnings and notes are left out). */
export const errorsOf = (messages: VnuMessage[]): VnuMessage[] => messages.filter((m) => m.type === 'error' || m.type === 'non-document-error' || m.subType === 'fatal');

/** One message per line, `line:column message`, then the offending source, for assertion messages. */
export function describeMessages(messages: VnuMessage[]): string {
  return messages
    .map((m) => {
      const where = `${m.firstLine ?? m.lastLine ?? '?'}:${m.firstColumn ?? '?'}`;
      const extract = m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ')}` : '';
      return `${where} ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}${extract}`;
    })
    .join('\n');
}

/** A file name that is safe on disk and in vnu's file: URLs; the index keeps it unique. */
const fileNameFor = (name: string, index: number) => `${index}-${name.replace(/[^\w.-]+/g, '_').slice(0, 60)}.html`;

/** vnu writes the JSON report to stderr; accept it on stdout too in case a version changes that. */
function parseReport(stdout: string, stderr: string): VnuMessage[] {
  const output = [stderr, stdout].find((text) => text.trimStart().startsWith('{'));
  if (!output) throw new Error(`vnu printed no JSON report:\n${stderr}\n${stdout}`);
  return (JSON.parse(output) as { messages: VnuMessage[] }).messages;
}

/** Validates every document in one JVM run; returns the messages per document name (empty when valid). */
export async function validateHtml(documents: Record<string, string>): Promise<Record<string, VnuMessage[]>> {
  if (!jarPath) throw new Error(vnuSkipReason);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-vnu-'));
  try {
    const names = new Map<string, string>();
    const results: Record<string, VnuMessage[]> = {};
    Object.entries(documents).forEach(([name, html], index) => {
      const file = fileNameFor(name, index);
      fs.writeFileSync(path.join(dir, file), html);
      names.set(file, name);
      results[name] = [];
    });
    const { stdout, stderr } = await promisify(execFile)('java', ['-jar', jarPath, '--format', 'json', '--exit-zero-always', ...names.keys()], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    for (const message of parseReport(stdout, stderr)) {
      const name = names.get(path.basename(message.url ?? ''));
      // A message about no document means the check itself went wrong: never let it pass silently.
      if (name === undefined) throw new Error(`vnu reported a problem outside the documents:\n${describeMessages([message])}`);
      results[name]!.push(message);
    }
    return results;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Validates the documents and fails with the Nu checker's own messages, per document, on any error. */
export async function expectValidHtml(documents: Record<string, string>): Promise<void> {
  const results = await validateHtml(documents);
  for (const [name, messages] of Object.entries(results)) expect(errorsOf(messages), `${name}:\n${describeMessages(errorsOf(messages))}`).toEqual([]);
}
