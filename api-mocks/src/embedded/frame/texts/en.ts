// The wallet frame's own words, in English: the frame's first script carries them, each other language is a module
// of its own (`texts/<tag>.ts`, served as `/frame-texts/<tag>.js`) loaded only when the modal chooses it. The page
// around the frame only ever chooses a language; it never hands the frame a word (a hostile dapp could relabel the
// wallet's buttons). Token symbols, addresses, hashes and contract names are shown as they are, in every language.

/** `1 call` / `5 calls`: a count with its noun, by the language's plural rules. */
const count = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

export const en = {
  lang: 'en',
  dir: 'ltr' as 'ltr' | 'rtl',

  // -- the frame's page
  onlyInModal: 'This page works only inside the wallet modal.',
  windowFromWallet: 'This window opens from the wallet.',

  // -- the approval's frame: buttons, the reading rule, the account switch
  approve: 'Approve',
  reject: 'Reject',
  approving: 'Approving...',
  reviewInWindow: 'Review in wallet window',
  unreadHint: 'Scroll to read the whole request.',
  switchTo: (accountType: 'eoa' | 'smartAccount') => (accountType === 'eoa' ? 'Switch to your EOA account?' : 'Switch to your smart account?'),
  switchExplain: 'Apps will see this address as your account.',
  switchAccount: 'Switch',
  switching: 'Switching...',
  cancel: 'Cancel',
  address: 'Address',
  message: 'Message',
  domain: 'Domain',
  rawData: (bytes: number) => `Raw data (${count(bytes, 'byte', 'bytes')})`,

  // -- titles
  signMessage: 'Sign message',
  sendTransaction: 'Send this transaction?',
  signTransaction: 'Sign this transaction?',
  sendCalls: 'Send these calls?',
  signIn: (domain: string) => `Sign in to ${domain}`,

  // -- rows and summary labels (a summary line is `label: value`)
  line: (label: string, value: string) => `${label}: ${value}`,
  from: 'From',
  to: 'To',
  value: 'Value',
  type: 'Type',
  networkFee: 'Network fee',
  feeUpTo: (amount: string) => `up to ${amount}`,
  unknown: 'Unknown',
  totalValue: 'Total value',
  account: 'Account',
  network: 'Network',
  chain: (id: number) => `chain ${id}`,
  token: 'Token',
  spender: 'Spender',
  amount: 'Amount',
  expires: 'Expires',
  recipient: 'Recipient',
  tokenId: 'Token ID',
  allowance: 'Allowance',
  allowanceIncrease: 'Allowance increase',
  operator: 'Operator',
  accessToAll: 'Access to all',
  yes: 'Yes',
  no: 'No',
  quantity: 'Quantity',
  deadline: 'Deadline',
  smartAccount: 'Smart account',
  target: 'Target',
  call: 'Call',
  callNumber: (n: number) => `Call ${n}`,
  callCount: (n: number) => count(n, 'call', 'calls'),
  itemCount: (n: number) => count(n, 'item', 'items'),

  // -- what a request does
  contractCreation: 'Contract creation',
  contractCall: 'Contract call',
  newContract: '(new contract)',
  send: (amount: string) => `Send ${amount}`,
  transfer: (what: string) => `Transfer ${what}`,
  transferFromTo: (what: string, from: string, to: string) => `Transfer ${what} from ${from} to ${to}`,
  approveSpending: (amount: string) => `Approve spending of ${amount}`,
  approveSpendingTokens: (n: number) => `Approve spending of ${count(n, 'token', 'tokens')}`,
  withdrawApproval: (symbol: string) => `Withdraw an approval of ${symbol}`,
  approvalLine: (spender: string, amount: string) => `Approval: ${spender} may spend ${amount}`,
  approvalMoreLine: (spender: string, amount: string) => `Approval: ${spender} may spend ${amount} more`,
  increaseAllowance: (amount: string) => `Increase the allowance by ${amount}`,
  unlimitedApproval: (spender: string, symbol: string) => `Unlimited approval: ${spender} may spend all your ${symbol}`,
  allowTake: (spender: string, item: string) => `Allow ${spender} to take ${item}`,
  allowTakeAll: (operator: string, symbol: string) => `Allow ${operator} to take all your ${symbol}`,
  withdrawAccess: (operator: string, symbol: string) => `Withdraw ${operator}'s access to your ${symbol}`,
  mint: (quantity: string) => `Mint ${quantity} Minibot M1`,
  multicall: (n: number) => `Multicall of ${count(n, 'call', 'calls')}`,
  unknownCall: (selector: string) => `Unknown call (${selector})`,
  unknownContract: (address: string) => `Unknown contract (${address})`,
  unknownToken: (address: string) => `Unknown token (${address})`,
  /** What a token without a symbol is called. */
  tokens: 'tokens',
  unlimited: 'Unlimited',
  unlimitedAmount: (symbol: string) => `Unlimited ${symbol}`,
  approvalWithdrawn: 'None (the approval is withdrawn)',
  rawUnits: (amount: string) => `${amount} (raw units)`,
  rawUnitsOf: (amount: string, symbol: string) => `${amount} (raw units) ${symbol}`,
  grantLine: (token: string, amount: string, expiry: string) => `${token}: ${amount}, expires: ${expiry}`,
  never: 'Never',
  blockExpiry: 'End of the block it is used in',
  unixTime: (seconds: string) => `${seconds} (Unix time)`,
  unsummarised: 'The wallet cannot summarise this message. Check every field below.',

  // -- the visitor's smart account
  smartAccountWarning: 'This request moves funds or tokens out of your smart account.',
  moveOut: (amount: string, to: string) => `Move ${amount} out of your smart account to ${to}`,
  moveOutInCalls: (amount: string, n: number) => `Move ${amount} out of your smart account in ${count(n, 'call', 'calls')}`,
  fromSmartAccount: (heading: string) => `From your smart account: ${heading}`,
  smartAccountCalls: (to: string) => `Your smart account calls ${to}`,
  smartAccountMakesCalls: (n: number) => `Your smart account makes ${count(n, 'call', 'calls')}`,
};

/** A catalogue's type: each literal widened to `string`, each function to a function returning a string. */
type Widen<T> = { [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : T[K] extends string ? string : T[K] };

/** The frame's words in one language (English: `en`). */
export type FrameTexts = Omit<Widen<typeof en>, 'dir'> & { dir: 'ltr' | 'rtl' };
