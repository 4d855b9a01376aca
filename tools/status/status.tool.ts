import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { OutcomeError, type ErrorEnvelope } from '../../src/kernel/errors.js';
import { idPattern, platformIds } from '../../src/kernel/ids.js';
import { jobStatuses } from '../../src/kernel/job-handle.js';
import { isSettled } from '../../src/jobs/queue.js';

const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  hint: z.string().optional(),
});

export default defineTool({
  name: 'job_status',
  title: 'Check a long-running job',
  description:
    'The state of a job that a long-running tool (or a REST call with `Prefer: respond-async`) started: status, progress (0 to 1, with a message) ' +
    'and times. Once succeeded, `result` is exactly what the tool returns, next_actions included; once failed, `error` says why. ' +
    'Poll every few seconds while queued or running.',
  route: { method: 'GET', path: '/status/:jobId' },
  scope: 'jobs:read',
  cost: 0,
  effect: 'read',
  input: z.object({
    job_id: z.string().regex(idPattern(platformIds.job), 'must be a job id such as "job_01hx…" as returned by the tool that started it').describe('The job_id returned by a long-running tool.'),
  }),
  output: z.object({
    job_id: z.string(),
    tool: z.string().describe('The tool the job runs.'),
    status: z.enum(jobStatuses),
    progress: z.object({
      fraction: z.number().min(0).max(1),
      message: z.string().nullable(),
    }),
    result: z.record(z.string(), z.unknown()).nullable().describe('The tool result once status is succeeded.'),
    error: errorBody.nullable().describe('Why the job failed, once status is failed.'),
    attempts: z.number().int().describe('Times the job was started (it is retried if its worker stops).'),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
  }),
  async run({ job_id }, ctx) {
    const job = await ctx.jobs.get(job_id, ctx.caller);
    if (!job) {
      throw new OutcomeError('not_found', `No job ${job_id} exists for this account.`, {
        hint: 'Use the job_id returned by the call that started the job.',
      });
    }
    const settled = isSettled(job.status);
    return {
      job_id: job.id,
      tool: job.tool,
      status: job.status,
      progress: { fraction: job.progress, message: job.progress_message },
      result: job.result ? (JSON.parse(job.result) as Record<string, unknown>) : null,
      error: job.error ? (JSON.parse(job.error) as ErrorEnvelope).error : null,
      attempts: job.attempts,
      created_at: job.created_at,
      started_at: job.started_at,
      finished_at: job.finished_at,
      next_actions: settled ? [] : [ctx.nextAction('job_status', { job_id }, 'The job is not finished yet: check again in a few seconds.')],
    };
  },
  summarize: (job) =>
    job.status === 'succeeded'
      ? `Job ${job.job_id} (${job.tool}) succeeded; its result is in \`result\`.`
      : job.status === 'failed'
        ? `Job ${job.job_id} (${job.tool}) failed: ${job.error?.message ?? 'no reason recorded'}`
        : `Job ${job.job_id} (${job.tool}) is ${job.status}, ${Math.round(job.progress.fraction * 100)}% done${
            job.progress.message ? ` (${job.progress.message})` : ''
          }. Check again in a few seconds.`,
});
