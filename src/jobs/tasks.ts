import type { Store } from '../store/store.js';
import type { Caller } from '../kernel/caller.js';
import { platformIds, unguessableId } from '../kernel/ids.js';
import type { JobRow } from './queue.js';

export interface JobTask {
  taskId: string;
  createdAt: string;
  job: JobRow;
}

/**
 * MCP tasks (the Tasks extension) over jobs: a task is an unguessable name for one job, stored
 * before the task is handed out, and found only for the job's own account.
 */
export class JobTasks {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  async create(job: Pick<JobRow, 'id' | 'account_id'>): Promise<string> {
    const taskId = unguessableId(platformIds.task);
    await this.store.db.insertInto('job_tasks').values({ task_id: taskId, job_id: job.id, account_id: job.account_id, created_at: this.now().toISOString() }).execute();
    return taskId;
  }

  /** The task and its job, for the job's account only: another account's task does not exist for the caller. */
  async find(taskId: string, caller: Caller): Promise<JobTask | undefined> {
    const row = await this.store.db
      .selectFrom('job_tasks')
      .innerJoin('jobs', 'jobs.id', 'job_tasks.job_id')
      .selectAll('jobs')
      .select(['job_tasks.task_id', 'job_tasks.created_at as task_created_at'])
      .where('job_tasks.task_id', '=', taskId)
      .where('job_tasks.account_id', '=', caller.accountId)
      .where('jobs.account_id', '=', caller.accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { task_id, task_created_at, ...job } = row;
    return { taskId: task_id, createdAt: task_created_at, job };
  }
}
