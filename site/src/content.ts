/**
 * Every text of the page, in one place so that the copy can change without touching components.
 * Texts quoted by the specification are used character for character (tests assert them). The Terms page's texts are
 * in `termsContent.ts`: they load with that lazy page, not with the home page.
 */

export const brand = {
  product: 'Minibot M1',
  company: 'Minibot Robotics',
  partner: 'Aurora Labs',
  logoAlt: 'Minibot home',
  contactEmail: 'hello@minibot-robotics.com',
  whitepaperUrl: 'https://docs.minibot-robotics.com/whitepaper',
  companyUrl: 'https://minibot-robotics.com',
  chatUrl: 'https://discord.gg/minibot',
  socialUrl: 'https://x.com/minibot_m1',
  privacyUrl: '#privacy',
} as const;

/** Each route's title and description (the document head, search results and link previews in chats). */
export const pageMeta = {
  siteName: 'Minibot M1',
  home: {
    title: 'Minibot M1 presale',
    description: 'Mint the Minibot M1 presale pass NFT on BNB Smart Chain and get an exclusive bonus token airdrop.',
  },
  terms: {
    title: 'Terms of Use · Minibot M1',
    description: 'The terms of the Minibot M1 presale: eligibility, cancellation and refunds, disputes and liability.',
  },
  imageAlt: 'Minibot M1, the companion robot: presale pass now open',
} as const;

export const walletButton = {
  connect: 'Connect Wallet',
  connecting: 'Connecting...',
  copy: 'Copy Address',
  copied: 'Address copied',
  disconnect: 'Disconnect',
  menuLabel: 'Wallet menu',
  /** Added to the connected button's accessible name while the wallet is on another chain than the page's. */
  wrongNetwork: (label: string) => `Wrong network: switch to ${label}`,
} as const;

/** The page's error catalogue (spec section 8); chain texts take the configured chain's label. */
export const mintMessages = {
  walletNotConnected: 'Wallet not connected',
  priceNotAvailable: 'Price not available',
  termsNotAccepted: 'Please accept the terms of use before minting',
  incorrectChain: (label: string) => `Incorrect chain. Switch to the ${label} network`,
  switchFailed: (label: string) => `Failed to switch to ${label}. Please switch manually.`,
  noWalletClient: 'No wallet client available',
  noPublicClient: 'No public client available',
  fallback: 'An error occurred during minting',
} as const;

export const hero = {
  badge: 'Presale now open · Limited supply',
  headline: 'Meet Minibot M1, the companion robot that grows with you',
  lead:
    'Mint the presale pass NFT to reserve your Minibot M1 and receive an exclusive bonus token airdrop at the token generation event.',
  priceLabel: 'Presale price',
  priceLoading: 'Loading...',
  priceUnavailable: 'Price not available',
  mintAreaLabel: 'Mint your presale pass',
  connect: 'Connect Wallet',
  checking: 'Checking NFT ownership...',
  owner: 'You are a minibot owner!',
  ownedCount: (count: bigint) => (count === 1n ? 'You own 1 pass' : `You own ${count.toString()} passes`),
  mintMore: 'Mint More',
  viewOnMarketplace: 'View on Magic Eden',
  mint: 'Mint NFT',
  minting: 'Minting...',
  /** Under 'Minting...': what the visitor waits for. */
  progressSwitch: (label: string) => `Confirm the switch to ${label} in your wallet`,
  progressConfirm: 'Confirm in your wallet',
  progressPending: 'Waiting for confirmation',
  /** Shown while a connected wallet is on another chain than the page's: the mint will ask to switch first. */
  wrongNetworkNote: (label: string) => `Your wallet is on another network. Minting first asks it to switch to ${label}.`,
  termsBefore: 'I accept the ',
  termsLink: 'terms of use',
  termsAfter: '',
  success: 'NFT minted successfully!',
  transaction: 'Transaction:',
  imageAlt: 'Minibot M1, a small round companion robot with a friendly face display',
} as const;

export const deals = {
  heading: 'Exclusive Deal',
  intro: 'Presale pass holders get more than an early place in line.',
  tiles: [
    {
      title: 'Bonus airdrop',
      body: 'Every pass holder receives an exclusive bonus token airdrop at the token generation event.',
    },
    {
      title: 'Limited supply',
      body: 'Only a limited number of presale passes exist. Once they are minted, the presale closes.',
    },
    {
      title: 'Early-bird offer',
      body: 'A one-time early-bird price for the first Minibot M1 units, reserved for presale pass holders.',
      cta: 'Order Now',
    },
  ],
} as const;

export const video = {
  heading: 'See Minibot M1 in motion',
  intro: 'A short look at the robot that keeps you company, learns your routines and plays along.',
  label: 'Minibot M1 promo video',
  play: 'Play video',
  pause: 'Pause video',
  enterFullscreen: 'Enter fullscreen',
  exitFullscreen: 'Exit fullscreen',
} as const;

export const education = {
  heading: 'Learn, play and grow together',
  intro: 'Minibot M1 is built for curious minds of every age.',
  features: [
    { icon: 'chat', title: 'Natural conversation', body: 'Talks, listens and answers questions in everyday language.' },
    { icon: 'book', title: 'Learning games', body: 'Daily puzzles, languages and coding challenges that adapt to your pace.' },
    { icon: 'heart', title: 'Emotional companion', body: 'Recognises moods and reacts with expressive eyes, sounds and movement.' },
    { icon: 'shield', title: 'Private by design', body: 'Processes voice and vision on the device; you decide what is shared.' },
  ],
} as const;

export const community = {
  heading: 'Join the community',
  intro: 'Meet other owners, follow the build and get presale news first.',
  chat: 'Join our Discord',
  social: 'Follow us on X',
} as const;

export const faq = {
  heading: 'Frequently asked questions',
  items: [
    {
      question: 'When will Minibot M1 be delivered?',
      answer:
        'Deliveries of Minibot M1 to presale pass holders are planned for the end of Q3 2025. Pass holders are the first in line and are kept informed of every shipping milestone.',
    },
    {
      question: 'What is Minibot M1?',
      answer:
        'Minibot M1 is a smart companion robot: a small, expressive robot that talks with you, plays learning games, recognises moods and keeps you company at home.',
    },
    {
      question: 'Why join the presale?',
      answer:
        'Presale pass holders reserve a robot at the early-bird price, receive an exclusive bonus token airdrop at the token generation event and get early access to news and features.',
    },
    {
      question: 'How does Minibot M1 earn tokens?',
      answer:
        'Everyday interactions, such as completed learning activities and daily companionship streaks, earn reward tokens for the owner once the token launches.',
    },
    {
      question: 'What can Minibot M1 do?',
      answer:
        'It holds natural conversations, plays educational games, sets reminders, reacts to emotions with its face display and movement, and learns its owner’s routines over time.',
    },
    {
      question: 'How is my data protected?',
      answer:
        'Voice and vision are processed on the device whenever possible. Nothing is shared without your consent, and you can delete your data at any time from the companion app.',
    },
    {
      question: 'What makes this collaboration special?',
      answer:
        'Minibot Robotics builds the robot and Aurora Labs brings its character design and rewards platform: together they make a companion that is both lovable and rewarding.',
    },
  ],
} as const;

export const footer = {
  tagline: 'Minibot M1 — a smart companion robot by Minibot Robotics and Aurora Labs.',
  privacy: 'Privacy Policy',
  terms: 'Terms of Use',
  whitepaper: 'Whitepaper',
  company: 'Company Site',
  contact: 'Contact',
  communityHeading: 'Community',
  linksHeading: 'Links',
  chat: 'Discord',
  social: 'X (Twitter)',
  copyright: '© 2025 Minibot Robotics. All rights reserved.',
} as const;

export const nav = {
  skipToContent: 'Skip to content',
  home: 'Home',
} as const;

export const configErrorHeading = 'Configuration error';
