// The compute worker run from TypeScript source (tests, tsx): a worker thread does not inherit the
// parent's loader, and `--import tsx` in a worker's execArgv is not honoured under every runner, so
// tsx is registered here before the entry is imported.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker.ts');
export default runTask;
