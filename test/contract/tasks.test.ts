import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../tools/tasks.js';
import type { Task } from '../../src/kernel/task.js';
import { root } from '../helpers.js';

const isTask = (value: unknown): value is Task<unknown, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Task<unknown, unknown>).name === 'string' &&
  typeof (value as Task<unknown, unknown>).run === 'function' &&
  typeof (value as Task<unknown, unknown>).describe === 'function';

describe('the compute tasks', () => {
  it('lists every task an outcome defines, once: a task missing from tools/tasks.ts would fail at run time', async () => {
    const defined: string[] = [];
    for (const outcome of fs.readdirSync(path.join(root, 'tools'))) {
      const file = path.join(root, 'tools', outcome, 'tasks.ts');
      if (!fs.existsSync(file)) continue;
      const module = (await import(file)) as Record<string, unknown>;
      defined.push(
        ...Object.values(module)
          .filter(isTask)
          .map((task) => task.name),
      );
    }
    const listed = tasks.map((task) => task.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...defined].sort());
  });
});
