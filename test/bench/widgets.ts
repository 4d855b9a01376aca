import { performance } from 'node:perf_hooks';
import { median, withBenchApp } from './in-process.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

const prompts = [
  'a landing page for my dog grooming business in Austin, Basic $29, Deluxe $59',
  'a waitlist widget for our app launch',
  'a booking form for a yoga studio in Leeds',
  'pricing table for Acme Cloud: Starter $9/month, Pro $29/month',
];

const instructions = ['make the button green', "change the headline to 'Ship faster'", 'add a FAQ section', 'darker and more minimal'];

/** Rows: widget_generate and widget_revise in template mode, through the dispatcher (auth, metering, storage included). */
export const widgetTools: Benchmark = {
  name: 'widgets',
  async run(): Promise<Row[]> {
    return withBenchApp('ao-bench-widgets-', async (app, caller) => {
      const generateTool = app.catalogue.get('widget_generate')!;
      const reviseTool = app.catalogue.get('widget_revise')!;
      const call = async (tool: typeof generateTool, input: Record<string, unknown>) => {
        const started = performance.now();
        const outcome = await app.dispatcher.call(tool, input, { caller, requestId: 'bench', log: app.log });
        const elapsed = performance.now() - started;
        if (outcome.kind !== 'result') throw new Error(`${tool.name} did not answer inline`);
        return { elapsed, output: outcome.output as { widget_id: string } };
      };
      const generate = (i: number) => call(generateTool, { prompt: `${prompts[i % prompts.length]} ${i}`, generator: 'template' });
      const { output } = await generate(0);
      const revise = (i: number) => call(reviseTool, { widget_id: output.widget_id, instructions: instructions[i % instructions.length], generator: 'template' });
      for (let i = 0; i < 30; i++) {
        await generate(i);
        await revise(i);
      }
      const generated: number[] = [];
      const revised: number[] = [];
      for (let i = 0; i < 200; i++) {
        generated.push((await generate(i)).elapsed);
        revised.push((await revise(i)).elapsed);
      }
      return [
        measuredRow({ name: 'widget_generate (template)', unit: 'ms', figure: median(generated), budget: { on: 'figure', op: '<=', limit: 10 }, details: { calls: generated.length } }),
        measuredRow({ name: 'widget_revise (template)', unit: 'ms', figure: median(revised), budget: { on: 'figure', op: '<=', limit: 10 }, details: { calls: revised.length } }),
      ];
    });
  },
};
