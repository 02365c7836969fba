import { SkeletonNavItems } from './headerVariants.ts';
import './NavSkeleton.css';

/** NavSkeleton stands in for the private navigation while the customer's data loads. */
export function NavSkeleton() {
  return (
    <ul className="shell-nav-skeleton" aria-hidden="true">
      {Array.from({ length: SkeletonNavItems }, (_, i) => (
        <li key={i} className="shell-nav-skeleton__item" />
      ))}
    </ul>
  );
}
