import { defineTool } from '../../src/kernel/tool.js';
import { handleSubmissions } from './submissions.js';
import { submissionsInputSchema, submissionsOutputSchema } from './schema.js';

export default defineTool({
  name: 'directory_submissions',
  title: 'Review directory submissions',
  description:
    "Lists listings sent through a directory's public form (pending by default), or approves one (a new version with it: the site and its search index are rebuilt) or rejects one with a reason. " +
    'Listing costs nothing; a decision costs 1.',
  route: { method: 'POST', path: '/directory/submissions' },
  scope: 'directory:write',
  cost: 1,
  effect: 'write',
  input: submissionsInputSchema,
  output: submissionsOutputSchema,
  async run(input, ctx) {
    const result = await handleSubmissions(ctx, input);
    return {
      directory_id: input.directory_id,
      action: input.action,
      ...result,
      next_actions:
        input.action === 'approve'
          ? [ctx.nextAction('directory_get', { directory_id: input.directory_id }, 'The new version with the listing.')]
          : [ctx.nextAction('directory_submissions', { directory_id: input.directory_id }, 'The submissions still pending.')],
    };
  },
  summarize: (result) =>
    result.action === 'list'
      ? `${result.submissions.length} ${result.submissions.length === 1 ? 'submission' : 'submissions'}: ${result.submissions.map((entry) => `${entry.submission_id} "${String(entry.listing.name ?? '')}"`).join('; ') || 'none'}.`
      : `Submission ${result.submissions[0]?.submission_id ?? ''} ${result.action === 'approve' ? `approved: version ${result.version ?? ''} lists it at ${result.preview_url}` : 'rejected'}.`,
});
