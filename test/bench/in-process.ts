import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Caller } from '../../src/kernel/caller.js';
import { testTaskModules, testModules } from '../fixtures/tools.js';
import { removeDir, scratchDir } from './children.js';
import { updateSeller } from '../../tools/invoice/seller.js';

/**
 * Runs `measure` against an in-process app as production runs it (no output re-validation,
 * silent logs, no job worker), with a bootstrapped owner whose limit no run reaches.
 */
export async function withBenchApp<T>(prefix: string, measure: (app: App, caller: Caller, owner: { accountId: string; secret: string }) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const dataDir = scratchDir(prefix);
  let app: App | undefined;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production', JOB_CONCURRENCY: '0', ...env });
    app = await createApp({ config, modules: testModules, taskModules: testTaskModules });
    const owner = await app.bootstrap();
    if (!owner) throw new Error('bench app did not bootstrap its owner account');
    await app.access.accounts.activatePlan(owner.accountId, 'starter', 10_000_000);
    await updateSeller(app.store, owner.accountId, { name: 'Bench Studio GmbH', address: 'Hauptstraße 1\n10115 Berlin', vat_id: 'DE123456789' }, new Date());
    const caller = await app.access.localOwner();
    if (!caller) throw new Error('bench app has no local owner');
    return await measure(app, caller, owner);
  } finally {
    await app?.close();
    removeDir(dataDir);
  }
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
