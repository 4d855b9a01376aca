import { performance } from 'node:perf_hooks';
import { articles } from '../content/articles.js';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

/** About 5,000 words of real prose: the test articles repeated, paragraphs in a varying order. */
function fiveThousandWords(): string {
  const paragraphs = articles.flatMap((article) => article.split('\n\n'));
  const out: string[] = [];
  let words = 0;
  for (let i = 0; words < 5000; i++) {
    const paragraph = paragraphs[(i * 7) % paragraphs.length] as string;
    out.push(paragraph);
    words += paragraph.split(/\s+/).length;
  }
  return out.join('\n\n');
}

/** Rows: content_repurpose in template mode, all five channels, from a prompt and from 5,000 words of source. */
export const contentRepurpose: Benchmark = {
  name: 'content_repurpose',
  async run(): Promise<Row[]> {
    return withBenchApp('ao-bench-content-', async (app, caller) => {
      const current = app;
      const tool = app.catalogue.get('content_repurpose')!;
      const source = fiveThousandWords();
      const time = async (input: Record<string, unknown>) => {
        const started = performance.now();
        const outcome = await current.dispatcher.call(tool, { ...input, generator: 'template' }, { caller, requestId: 'bench', log: current.log });
        const elapsed = performance.now() - started;
        if (outcome.kind !== 'result') throw new Error('content_repurpose did not answer inline');
        return elapsed;
      };
      const prompts = ['sourdough baking for beginners', 'zero-downtime database migrations', 'marathon training after 40', 'pricing a freelance design project'];
      for (let i = 0; i < 20; i++) {
        await time({ prompt: prompts[i % prompts.length] });
        await time({ source_text: source });
      }
      const fromPrompt: number[] = [];
      const fromSource: number[] = [];
      for (let i = 0; i < 100; i++) fromPrompt.push(await time({ prompt: `${prompts[i % prompts.length]} ${i}` }));
      for (let i = 0; i < 30; i++) fromSource.push(await time({ source_text: source }));
      return [
        measuredRow({
          name: 'content_repurpose from a prompt (template)',
          unit: 'ms',
          figure: median(fromPrompt),
          budget: { on: 'figure', op: '<=', limit: 10 },
          details: { calls: fromPrompt.length },
        }),
        measuredRow({
          name: `content_repurpose from ${source.split(/\s+/).length.toLocaleString('en-US')} words (template)`,
          unit: 'ms',
          figure: median(fromSource),
          budget: { on: 'figure', op: '<=', limit: 50 },
          details: { calls: fromSource.length },
        }),
      ];
    });
  },
};
