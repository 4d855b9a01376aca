/**
 * What the tool list costs an agent, measured with the o200k tokenizer (GPT-4o's): the figures the
 * tool-list contract test holds to their budgets and `npm run bench` reports.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { outcomes } from '../../tools/index.js';
import { Catalogue, type McpToolDescriptor } from '../../src/kernel/catalogue.js';

export const toolListBudgets = {
  /** name + description + input schema, per tool on average and for any one tool. */
  inputTokensAverage: 350,
  inputTokensMax: 700,
  outputTokensAverage: 900,
  /**
   * The whole `tools/list` result as JSON (all tools), per tool: the list grows with the
   * catalogue, so it is held to what 15 tools were held to, 60 kB, tool for tool.
   */
  listBytesPerTool: 4_000,
} as const;

export interface ToolCost {
  name: string;
  /** name + description + input schema, serialised as in tools/list. */
  inputTokens: number;
  outputTokens: number;
}

export interface ToolListFigures {
  tools: ToolCost[];
  inputTokensAverage: number;
  /** The tool whose name, description and input schema cost the most. */
  inputTokensMax: ToolCost;
  outputTokensAverage: number;
  listBytes: number;
  listTokens: number;
}

const tokens = (value: unknown) => countTokens(JSON.stringify(value));
const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The figures of a list as a key with every scope sees it (the production catalogue by default). */
export function toolListFigures(descriptors: readonly McpToolDescriptor[] = new Catalogue(outcomes.flatMap((module) => module.tools)).descriptors()): ToolListFigures {
  const tools = descriptors.map(({ name, description, inputSchema, outputSchema }) => ({
    name,
    inputTokens: tokens({ name, description, inputSchema }),
    outputTokens: tokens(outputSchema),
  }));
  // The result exactly as discovery and tools/list send it: `{ tools }`, serialised by JSON.stringify.
  const list = JSON.stringify({ tools: descriptors });
  return {
    tools,
    inputTokensAverage: average(tools.map((tool) => tool.inputTokens)),
    inputTokensMax: tools.reduce((max, tool) => (tool.inputTokens > max.inputTokens ? tool : max)),
    outputTokensAverage: average(tools.map((tool) => tool.outputTokens)),
    listBytes: Buffer.byteLength(list),
    listTokens: countTokens(list),
  };
}
