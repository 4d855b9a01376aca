/** The platforms clips are made for (a module of its own: the schema needs the list without the packaging code's NLP). */

export const platforms = ['youtube_shorts', 'instagram_reels', 'tiktok'] as const;
export type Platform = (typeof platforms)[number];

/** Each platform's limits for vertical (9:16) video, and the length its audience prefers. */
export const platformRules: Record<Platform, { label: string; maxSeconds: number; preferredMaxSeconds: number; captionLimit: number }> = {
  youtube_shorts: { label: 'YouTube Shorts', maxSeconds: 180, preferredMaxSeconds: 60, captionLimit: 2200 },
  instagram_reels: { label: 'Instagram Reels', maxSeconds: 180, preferredMaxSeconds: 90, captionLimit: 2200 },
  tiktok: { label: 'TikTok', maxSeconds: 600, preferredMaxSeconds: 180, captionLimit: 2200 },
};
