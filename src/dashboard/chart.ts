import { esc } from '../render/html.js';

/**
 * Units per day as an inline SVG bar chart (no script, no library): one bar per day from `from`
 * to `to` (UTC dates, at most 62), a labelled y scale, and a text alternative that says the
 * same in words for screen readers.
 */
export function dailyChart(days: ReadonlyArray<{ day: string; units: number }>, from: string, to: string): string {
  const byDay = new Map(days.map((entry) => [entry.day, entry.units]));
  const series: Array<{ day: string; units: number }> = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`) && series.length < 62; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    series.push({ day, units: byDay.get(day) ?? 0 });
  }
  const max = Math.max(1, ...series.map((entry) => entry.units));
  const width = 640;
  const height = 200;
  const left = 40;
  const bottom = 24;
  const plotHeight = height - bottom - 10;
  const step = (width - left) / Math.max(1, series.length);
  const bars = series
    .map((entry, index) => {
      const barHeight = Math.round((entry.units / max) * plotHeight);
      const x = left + index * step + step * 0.15;
      return `<rect x="${x.toFixed(1)}" y="${height - bottom - barHeight}" width="${(step * 0.7).toFixed(1)}" height="${barHeight}" fill="currentColor"><title>${esc(`${entry.day}: ${entry.units} units`)}</title></rect>`;
    })
    .join('');
  const first = series[0]?.day ?? from;
  const last = series.at(-1)?.day ?? to;
  const busiest = series.reduce((best, entry) => (entry.units > best.units ? entry : best), { day: first, units: 0 });
  const total = series.reduce((sum, entry) => sum + entry.units, 0);
  const summary = `Units used per day from ${first} to ${last}: ${total} in all${busiest.units ? `, most on ${busiest.day} (${busiest.units})` : ''}.`;
  return (
    `<svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title"><title id="chart-title">${esc(summary)}</title>` +
    `<line x1="${left}" y1="${height - bottom}" x2="${width}" y2="${height - bottom}" stroke="currentColor"/>` +
    `<text x="${left - 6}" y="14" text-anchor="end" font-size="12" fill="currentColor">${max}</text><text x="${left - 6}" y="${height - bottom}" text-anchor="end" font-size="12" fill="currentColor">0</text>` +
    `<text x="${left}" y="${height - 6}" font-size="12" fill="currentColor">${esc(first)}</text><text x="${width}" y="${height - 6}" text-anchor="end" font-size="12" fill="currentColor">${esc(last)}</text>` +
    `${bars}</svg>`
  );
}
