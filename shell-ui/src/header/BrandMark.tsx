/**
 * BrandMark is the built-in wordmark: a shield with a rising line, and the name. Every page
 * carries it twice (header and footer), so it is an empty element that Logo.css paints from
 * src/icons/brand.svg (brand-light.svg on the dark footer, a file of its own), inlined in the stylesheet:
 * the same shapes, colours and the shell's system font stack, none of it in the page's HTML.
 * Decorative: the logo link's label names it.
 */
export function BrandMark() {
  return <span className="shell-brand" />;
}
