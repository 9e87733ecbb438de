/**
 * The Terms page's texts (see `content.ts` for the rest of the page's): a module of their own, so that they load with the
 * lazily loaded Terms page and not with the home page's first-load JavaScript.
 */

export interface TermsSection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export const terms = {
  title: 'Terms of Use',
  lastUpdated: 'Last updated: May 15, 2025',
  backToTop: 'Back to top',
  backHome: 'Back to home',
  sections: [
    {
      heading: '1. Scope',
      paragraphs: [
        'These terms govern the Minibot M1 presale operated by Minibot Robotics and the presale pass NFT minted on this website. By minting a presale pass you accept these terms.',
      ],
    },
    {
      heading: '2. Eligibility',
      paragraphs: ['You may take part in the presale only if all of the following apply:'],
      list: [
        'You are 18 years of age or older.',
        'You are not located in, resident of or a citizen of a restricted territory: the United States, Canada, Iran, Cuba, North Korea, Syria, Myanmar, Crimea, Donetsk, Luhansk, and sanctioned regions.',
        'You are not a sanctioned person, nor acting on behalf of one.',
        'You do not use a VPN or any other means to hide your location.',
      ],
    },
    {
      heading: '3. The presale pass',
      paragraphs: [
        'The presale pass is an NFT paid in the chain’s native coin. It reserves one Minibot M1 and entitles its holder to the bonus token airdrop at the token generation event.',
      ],
    },
    {
      heading: '4. Cancellation and refunds',
      list: [
        'You may cancel within 14 days of your purchase for a full refund.',
        'Refunds are paid within 30 days of the approval of your cancellation.',
      ],
    },
    {
      heading: '5. Disputes',
      list: [
        'Before any formal proceeding, both parties try to resolve a dispute informally for 30 days.',
        'If the dispute is not resolved, an arbitrator is appointed after 15 working days.',
        'Any claim must be brought within one year; later claims are time-barred.',
      ],
    },
    {
      heading: '6. Governing law',
      paragraphs: ['These terms are governed by the laws of Hong Kong.'],
    },
    {
      heading: '7. Limitation of liability',
      paragraphs: [
        'To the extent permitted by law, our total liability to you is capped at the amount of your deposit.',
      ],
    },
    {
      heading: '8. Contact',
      paragraphs: ['Questions about these terms: hello@minibot-robotics.com.'],
    },
  ] satisfies readonly TermsSection[] as readonly TermsSection[],
} as const;
