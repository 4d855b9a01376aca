import type { Labelled } from '../classifier.js';
import { outOfScope } from '../routes.js';
import { accountMoreExamples } from './account-more.js';
import { accountThirdExamples } from './account-third.js';
import { accountFourthExamples } from './account-fourth.js';
import { accountExamples } from './account.js';
import { commerceMoreExamples } from './commerce-more.js';
import { commerceThirdExamples } from './commerce-third.js';
import { commerceFourthExamples } from './commerce-fourth.js';
import { commerceExamples } from './commerce.js';
import { directoryBusinessMoreExamples } from './directory-business-more.js';
import { directoryBusinessThirdExamples } from './directory-business-third.js';
import { directoryBusinessFourthExamples } from './directory-business-fourth.js';
import { directoryBusinessExamples } from './directory-business.js';
import { invoiceMoreExamples } from './invoices-more.js';
import { invoiceThirdExamples } from './invoices-third.js';
import { invoiceFourthExamples } from './invoices-fourth.js';
import { invoiceExamples } from './invoices.js';
import { mediaMoreExamples } from './media-more.js';
import { mediaThirdExamples } from './media-third.js';
import { mediaFourthExamples } from './media-fourth.js';
import { mediaExamples } from './media.js';
import { outOfScopeMoreExamples } from './out-of-scope-more.js';
import { outOfScopeThirdExamples } from './out-of-scope-third.js';
import { outOfScopeFourthExamples } from './out-of-scope-fourth.js';
import { outOfScopeExamples } from './out-of-scope.js';
import { outreachMoreExamples } from './outreach-more.js';
import { outreachThirdExamples } from './outreach-third.js';
import { outreachFourthExamples } from './outreach-fourth.js';
import { outreachExamples } from './outreach.js';

import { accountFifthExamples } from './account-fifth.js';
import { accountSixthExamples } from './account-sixth.js';
import { mediaFifthExamples } from './media-fifth.js';
import { mediaSixthExamples } from './media-sixth.js';
import { widgetsFifthExamples } from './widgets-fifth.js';
import { widgetsSixthExamples } from './widgets-sixth.js';
import { commerceFifthExamples } from './commerce-fifth.js';
import { commerceSixthExamples } from './commerce-sixth.js';
import { outreachFifthExamples } from './outreach-fifth.js';
import { outreachSixthExamples } from './outreach-sixth.js';
import { invoiceFifthExamples } from './invoices-fifth.js';
import { invoiceSixthExamples } from './invoices-sixth.js';
import { directoryBusinessFifthExamples } from './directory-business-fifth.js';
import { directoryBusinessSixthExamples } from './directory-business-sixth.js';
import { widgetsSeventhExamples } from './widgets-seventh.js';
import { widgetsEighthExamples } from './widgets-eighth.js';
import { accountSeventhExamples } from './account-seventh.js';
import { accountEighthExamples } from './account-eighth.js';
import { directoryBusinessSeventhExamples } from './directory-business-seventh.js';
import { directoryBusinessEighthExamples } from './directory-business-eighth.js';
import { outreachSeventhExamples } from './outreach-seventh.js';
import { outreachEighthExamples } from './outreach-eighth.js';
import { invoiceSeventhExamples } from './invoices-seventh.js';
import { invoiceEighthExamples } from './invoices-eighth.js';
import { mediaSeventhExamples } from './media-seventh.js';
import { mediaEighthExamples } from './media-eighth.js';
import { commerceSeventhExamples } from './commerce-seventh.js';
import { commerceEighthExamples } from './commerce-eighth.js';
import { outOfScopeSeventhExamples } from './out-of-scope-seventh.js';
import { outOfScopeEighthExamples } from './out-of-scope-eighth.js';
import { outOfScopeFifthExamples } from './out-of-scope-fifth.js';
import { outOfScopeSixthExamples } from './out-of-scope-sixth.js';

export type Split = 'train' | 'tune' | 'test';

/** Each group's four batches of commands, by tool. */
const batches: ReadonlyArray<Readonly<Record<string, readonly string[]>>> = [
  accountExamples,
  accountMoreExamples,
  accountThirdExamples,
  accountFourthExamples,
  invoiceExamples,
  invoiceMoreExamples,
  invoiceThirdExamples,
  invoiceFourthExamples,
  mediaExamples,
  mediaMoreExamples,
  mediaThirdExamples,
  mediaFourthExamples,
  commerceExamples,
  commerceMoreExamples,
  commerceThirdExamples,
  commerceFourthExamples,
  directoryBusinessExamples,
  directoryBusinessMoreExamples,
  directoryBusinessThirdExamples,
  directoryBusinessFourthExamples,
  outreachExamples,
  outreachMoreExamples,
  outreachThirdExamples,
  outreachFourthExamples,
  accountFifthExamples,
  accountSixthExamples,
  mediaFifthExamples,
  mediaSixthExamples,
  widgetsFifthExamples,
  widgetsSixthExamples,
  commerceFifthExamples,
  commerceSixthExamples,
  outreachFifthExamples,
  outreachSixthExamples,
  invoiceFifthExamples,
  invoiceSixthExamples,
  directoryBusinessFifthExamples,
  directoryBusinessSixthExamples,
  widgetsSeventhExamples,
  widgetsEighthExamples,
  accountSeventhExamples,
  accountEighthExamples,
  directoryBusinessSeventhExamples,
  directoryBusinessEighthExamples,
  outreachSeventhExamples,
  outreachEighthExamples,
  invoiceSeventhExamples,
  invoiceEighthExamples,
  mediaSeventhExamples,
  mediaEighthExamples,
  commerceSeventhExamples,
  commerceEighthExamples,
  {
    [outOfScope]: [
      ...outOfScopeExamples,
      ...outOfScopeMoreExamples,
      ...outOfScopeThirdExamples,
      ...outOfScopeFourthExamples,
      ...outOfScopeFifthExamples,
      ...outOfScopeSixthExamples,
      ...outOfScopeSeventhExamples,
      ...outOfScopeEighthExamples,
    ],
  },
];

/**
 * The labelled commands (written for this router, 180 or so per routable tool, and 800 no tool
 * serves), each in one split by its place in its tool's list: three in five to learn from, one to
 * fit the thresholds on, one held out for the evaluation. The same commands always fall in the same split.
 */
export function labelledCommands(): Array<Labelled & { split: Split }> {
  const byTool = new Map<string, string[]>();
  for (const batch of batches) for (const [label, commands] of Object.entries(batch)) byTool.set(label, [...(byTool.get(label) ?? []), ...commands]);
  return [...byTool].flatMap(([label, commands]) => commands.map((text, i) => ({ text, label, split: splitAt(i) })));
}

const splitAt = (i: number): Split => (i % 5 === 3 ? 'tune' : i % 5 === 4 ? 'test' : 'train');

/** What the served router learns from: the train and tune splits (the test split is the bench's held-out set). */
export const servedExamples = () => labelledCommands().filter((example) => example.split !== 'test');

/** The tools commands are labelled with: every tool intent_route may route to. */
export const routableTools = (): string[] => [...new Set(batches.flatMap((batch) => Object.keys(batch)))].filter((label) => label !== outOfScope);
