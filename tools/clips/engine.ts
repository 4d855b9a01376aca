import type { ToolContext } from '../../src/kernel/context.js';
import { clipsDb } from './tables.js';
import { clipIds } from './ids.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import type { FactoryInput, ClipPlan } from './schema.js';
import { planClipsTask } from './tasks.js';

export async function factory(ctx: ToolContext, input: FactoryInput): Promise<ClipPlan> {
  const built = await ctx.compute(planClipsTask, input);
  const plan: ClipPlan = { plan_id: newId(clipIds.plan), ...built, created_at: ctx.now().toISOString() };
  await clipsDb(ctx.store)
    .insertInto('clip_plans')
    .values({ id: plan.plan_id, account_id: ctx.caller.accountId, plan: JSON.stringify(plan), created_at: plan.created_at })
    .execute();
  return plan;
}

export async function readPlan(ctx: Pick<ToolContext, 'store' | 'caller'>, planId: string): Promise<ClipPlan> {
  const row = await clipsDb(ctx.store).selectFrom('clip_plans').select('plan').where('id', '=', planId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) throw new OutcomeError('not_found', `No clip plan ${planId} exists for this account.`, { hint: 'Create one with clips_factory.' });
  return fromStore(JSON.parse(row.plan) as ClipPlan);
}

/**
 * A plan as stored by an older release reads as what it is: its ffmpeg command centre-crops and
 * burns in the SRT (no ASS file, no layout choice then), and an untimed transcript was then timed
 * only from duration_seconds; who spoke in the recording was not recorded.
 */
function fromStore(plan: ClipPlan): ClipPlan {
  const source = plan.source as Omit<ClipPlan['source'], 'timing' | 'speakers'> & Partial<Pick<ClipPlan['source'], 'timing' | 'speakers'>>;
  return {
    ...plan,
    source: {
      ...source,
      timing: source.timing ?? (source.estimated_timing ? 'duration' : 'timestamps'),
      // Not recorded then: the clips' own speakers are the ones known.
      speakers: source.speakers ?? [...new Set(plan.clips.flatMap((clip) => clip.speakers))],
    },
    clips: plan.clips.map((clip) => ({
      ...clip,
      layout: clip.layout ?? 'center_crop',
      captions: { ...clip.captions, ass: clip.captions.ass ?? null, highlight_ass: clip.captions.highlight_ass ?? null },
    })),
  };
}
