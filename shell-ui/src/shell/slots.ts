/**
 * YearSlot is the text the prerender writes where the current year belongs; the gateway
 * replaces it with state.year, and the client renders state.year in its place.
 */
export const YearSlot = '[[shell:year]]';
