import { performance } from 'node:perf_hooks';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { testTools } from '../fixtures/tools.js';
import { articles } from '../content/articles.js';
import { removeDir, scratchDir } from './children.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

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
    const dataDir = scratchDir('ao-bench-content-');
    let app: App | undefined;
    try {
      const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production', JOB_CONCURRENCY: '0' });
      app = await createApp({ config, tools: testTools });
      const owner = await app.bootstrap();
      if (!owner) throw new Error('bench app did not bootstrap');
      await app.access.accounts.activatePlan(owner.accountId, 'starter', 10_000_000);
      const caller = (await app.access.localOwner())!;
      const tool = app.catalogue.get('content_repurpose')!;
      const current = app;
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
        measuredRow({ name: 'content_repurpose from a prompt (template)', unit: 'ms', figure: median(fromPrompt), budget: { on: 'figure', op: '<=', limit: 10 }, details: { calls: fromPrompt.length } }),
        measuredRow({
          name: `content_repurpose from ${source.split(/\s+/).length.toLocaleString('en-US')} words (template)`,
          unit: 'ms',
          figure: median(fromSource),
          budget: { on: 'figure', op: '<=', limit: 50 },
          details: { calls: fromSource.length },
        }),
      ];
    } finally {
      await app?.close();
      removeDir(dataDir);
    }
  },
};
