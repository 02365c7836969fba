// The review rating of the footer (spec 3, review text bucket).

/** StarScore is the score the star image shows: rounded to the nearest half, 0 to 5. */
export function starScore(score: number | null | undefined): number {
  if (score === null || score === undefined || !Number.isFinite(score)) return 0;
  return Math.min(5, Math.max(0, Math.round(score * 2) / 2));
}

/**
 * reviewBucket is the text bucket (1 to 5, 0 without a score) that picks the rating's word:
 * up to 1.7 gives 1, up to 2.7 gives 2, up to 3.7 gives 3, up to 4.2 gives 4, above gives 5.
 */
export function reviewBucket(score: number | null | undefined): number {
  if (score === null || score === undefined || !Number.isFinite(score)) return 0;
  if (score <= 1.7) return 1;
  if (score <= 2.7) return 2;
  if (score <= 3.7) return 3;
  if (score <= 4.2) return 4;
  return 5;
}
