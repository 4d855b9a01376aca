import type { DirectoryOutput } from './schema.js';

export function directorySummary(directory: Omit<DirectoryOutput, 'next_actions'>): string {
  const { meta } = directory;
  const priced = directory.monetization.tiers.filter((tier) => tier.formatted).map((tier) => `${tier.tier} ${tier.formatted ?? ''}`);
  const notes = [...meta.missing, ...meta.warnings];
  return (
    `Directory ${directory.directory_id} v${directory.version} "${meta.title}": ${directory.listings.total} listings` +
    `${meta.rejected.length ? `, ${meta.rejected.length} rejected (see meta.rejected)` : ''}; fields ${directory.schema.fields.map((field) => field.name).join(', ')}` +
    `${priced.length ? `; placements ${priced.join(', ')} per ${directory.monetization.period_days} days` : ''}. Site: ${directory.site.preview_url}` +
    `${meta.pending_submissions ? ` · ${meta.pending_submissions} submissions waiting (directory_submissions)` : ''}${notes.length ? ` Notes: ${notes.join(' ')}` : ''}`
  );
}
