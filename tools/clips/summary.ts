import type { ClipPlan } from './schema.js';

export function planSummary(plan: ClipPlan): string {
  const clips = plan.clips.map((clip) => `#${clip.rank} ${clip.timecode} (${Math.round(clip.duration_seconds)} s, score ${clip.score.total}): "${clip.hook}"`).join('; ');
  return `Clip plan ${plan.plan_id}: ${plan.clips.length} clip(s) from ${Math.round(plan.source.duration_seconds / 60)} min of ${plan.source.format}${plan.source.estimated_timing ? ' (estimated timings)' : ''}. ${clips}${plan.warnings.length ? ` Notes: ${plan.warnings.join(' ')}` : ''}`;
}
