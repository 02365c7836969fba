import type { UsContactBanner as UsContactBannerData } from '../model/footer.ts';

/** UsContactBanner offers the US support's email and phone, with the hours. */
export function UsContactBanner({ banner }: { banner: UsContactBannerData }) {
  const tel = banner.phone.number.replace(/[^+\d]/g, '');
  return (
    <div className="shell-us-contact">
      <a className="shell-us-contact__link" href={`mailto:${banner.email.address}`}>
        {banner.email.linkText}
      </a>
      <a className="shell-us-contact__link" href={`tel:${tel}`}>
        {banner.phone.linkText}
      </a>
      <p className="shell-us-contact__availability">{banner.availability}</p>
    </div>
  );
}
