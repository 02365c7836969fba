import type { PartnerCredit } from '../model/footer.ts';

/** PartnerCredits shows the partner institutes' logos; a linked one opens in a new tab. */
export function PartnerCredits({ credits }: { credits: PartnerCredit[] }) {
  if (credits.length === 0) return null;
  return (
    <ul className="shell-credits">
      {credits.map((c) => {
        const logo = <img className="shell-credits__logo" src={c.instituteLogo.url} alt={c.instituteLogo.title} width={120} height={32} loading="lazy" />;
        return (
          <li key={c.instituteLogo.url}>
            {c.instituteLink ? (
              <a href={c.instituteLink.href} title={c.instituteLink.title} target="_blank" rel="noreferrer">
                {logo}
              </a>
            ) : (
              logo
            )}
          </li>
        );
      })}
    </ul>
  );
}
