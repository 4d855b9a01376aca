import type { BusinessOutput } from './schema.js';

export function businessSummary(box: Omit<BusinessOutput, 'next_actions'>): string {
  const parts = box.components.map((component) => `${component.component}${component.id ? ` ${component.id}` : ''}`).join(', ');
  return `Business box ${box.business_id} v${box.version} (${box.kind}): ${box.summary} Parts: ${parts}. Overview: ${box.overview.preview_url}${box.meta.missing.length ? ` Missing: ${box.meta.missing.join('; ')}` : ''}`;
}
