import { describe, expect, test } from 'vitest';
import { reviewBucket, starScore } from './reviewRating.ts';

describe('reviewBucket', () => {
  test.each([
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [0, 1],
    [1.7, 1],
    [1.71, 2],
    [2.7, 2],
    [2.71, 3],
    [3.7, 3],
    [3.71, 4],
    [4.2, 4],
    [4.21, 5],
    [5, 5],
  ])('score %s gives bucket %i', (score, bucket) => {
    expect(reviewBucket(score)).toBe(bucket);
  });
});

describe('starScore', () => {
  test.each([
    [null, 0],
    [4.2, 4],
    [4.25, 4.5],
    [4.7, 4.5],
    [4.75, 5],
    [1.2, 1],
    [0.2, 0],
    [6, 5],
    [-1, 0],
  ])('score %s shows %s stars', (score, stars) => {
    expect(starScore(score)).toBe(stars);
  });
});
