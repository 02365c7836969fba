/**
 * HydratedReferences match the aria-controls and ids React adds to a disclosure right after
 * hydrating (src/lib/useHydratedId.ts): the only change hydration may make to the markup,
 * besides what a test names itself.
 */
export const HydratedReferences = / (?:aria-controls|id)="_[hf]R_[0-9a-z]+_"/g;
