import type { ReviewRating as ReviewRatingData } from '../model/footer.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import { reviewBucket, starScore } from './reviewRating.ts';
import './ReviewRating.css';

const star = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Stars draws the score rounded to the nearest half: full, half and empty stars. */
function Stars({ score, label }: { score: number; label: string }) {
  return (
    <span className="shell-review__stars" role="img" aria-label={label} data-stars={score}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = score >= i + 1 ? 'full' : score >= i + 0.5 ? 'half' : 'empty';
        return (
          <svg key={i} className={`shell-review__star shell-review__star--${fill}`} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={star} />
            {fill === 'half' && <path className="shell-review__star-fill" d={star} />}
          </svg>
        );
      })}
    </span>
  );
}

/** ReviewRating shows the market's review score, its word and count, linking to the review page. */
export function ReviewRating({ review, locale }: { review: ReviewRatingData; locale: string }) {
  const stars = starScore(review.score);
  const word = review.words[reviewBucket(review.score)];
  const count = review.countText.replace('{count}', review.count.toLocaleString(locale));
  return (
    <div className="shell-review">
      <ShellLink href={review.href} className="shell-review__link">
        <span className="shell-review__word">{word}</span>
        <Stars score={stars} label={review.scoreText.replace('{score}', String(stars).replace('.', locale.startsWith('en') ? '.' : ','))} />
        <span className="shell-review__count">{count}</span>
      </ShellLink>
    </div>
  );
}
