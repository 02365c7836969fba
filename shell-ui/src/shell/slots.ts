/**
 * YearSlot is the text the prerender writes where the current year belongs; the gateway
 * replaces it with state.year, and the client renders state.year in its place.
 */
export const YearSlot = '[[shell:year]]';

/**
 * BaseSlot is the text the prerender writes where the locale base path belongs: base paths
 * depend on the host (spec 2.3: no prefix on hosts that are not .com), so the build cannot know
 * them. The gateway replaces it with state.basePath ("" or "/en-gb"); the client renders
 * state.basePath, so both give the same href.
 */
export const BaseSlot = '[[shell:base]]';

/**
 * ReturnSlot is the text the prerender writes as the country banner's return path; the gateway
 * replaces it with state.path, and the client renders state.path.
 */
export const ReturnSlot = '[[shell:return]]';
