// A partner's logo URL reaches the page only as <img src> (PartnerSlot.tsx). An https URL, an
// inline raster image or an inline SVG is safe there: a browser runs no script of an SVG shown
// as an image and loads nothing it references, and an <img> never navigates. The edge checks
// the cobranding logo the same way (caddy-module/customer/logo.go); this check keeps content
// data and anything else from putting javascript:, http: or a relative path there.

const inlineTypes = /^data:image\/(png|jpeg|webp|gif|svg\+xml)(;charset=[^;,]*)?(;base64)?,/i;
const maxInline = 64 * 1024;

/** partnerLogoUrl gives url if a co-branded header may show it, else "" (show the name). */
export function partnerLogoUrl(url: string | undefined): string {
  // Browsers drop tabs and newlines anywhere in a URL ("java\tscript:"): none may appear.
  if (!url || /[\u0000-\u001f\u007f]/.test(url)) return '';
  if (url.startsWith('/') && !url.startsWith('//')) return url; // a file of the shell's bundle
  if (inlineTypes.test(url)) return url.length <= maxInline ? url : '';
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.host !== '' && u.username === '' && !url.includes(' ') && url.toLowerCase().startsWith('https://') ? url : '';
  } catch {
    return '';
  }
}
