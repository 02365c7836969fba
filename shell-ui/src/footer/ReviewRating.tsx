import type { ReviewRating as ReviewRatingData } from '../model/footer.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import { reviewBucket, starScore } from './reviewRating.ts';
import './ReviewRating.css';

/**
 * Stars shows the score rounded to the nearest half as one image: ReviewRating.css paints the
 * five stars (full, half, empty) from data-stars.
 */
function Stars({ score, label }: { score: number; label: string }) {
  return <span className="shell-review__stars" role="img" aria-label={label} data-stars={score} />;
}

/** ReviewRating shows the market's review score, its word and count, linking to the review page. */
export function ReviewRating({ review, locale }: { review: ReviewRatingData; locale: string }) {
  const stars = starScore(review.score);
  const word = review.words[reviewBucket(review.score)];
  const count = review.countText.replace('{count}', review.count.toLocaleString(locale));
  return (
    // The block is unstyled: its link carries the classes.
    <div>
      <ShellLink href={review.href} className="shell-review__link">
        <span className="shell-review__word">{word}</span>
        <Stars score={stars} label={review.scoreText.replace('{score}', String(stars).replace('.', locale.startsWith('en') ? '.' : ','))} />
        <span className="shell-review__count">{count}</span>
      </ShellLink>
    </div>
  );
}
