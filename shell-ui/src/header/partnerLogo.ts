// A partner's logo URL reaches the page only as <img src> (PartnerSlot.tsx). An https URL, an
// inline raster image or an inline SVG is safe there: a browser runs no script of an SVG shown
// as an image and loads nothing it references, and an <img> never navigates. The edge checks
// the cobranding logo the same way (caddy-module/customer/logo.go); this check keeps content
// data and anything else from putting javascript:, http: or a relative path there.

// https://host/… without credentials; data:image/… of a raster type or SVG with only charset
// and base64 parameters; a file of the shell's bundle (/_shell/assets/…).
const shown = /^(https:\/\/[^/?#@\s\\]+([/?#][^\s\\]*)?|data:image\/(png|jpeg|webp|gif|svg\+xml)(;charset=[^;,]*)?(;base64)?,.*|\/(?![/\\]).*)$/is;

/** partnerLogoUrl gives url if a co-branded header may show it, else "" (show the name). */
export function partnerLogoUrl(url = ''): string {
  // Browsers drop tabs and newlines anywhere in a URL ("java\tscript:"): none may appear.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return url.length <= 65536 && shown.test(url) && !/[\u0000-\u001f\u007f]/.test(url) ? url : '';
}
