// Only the ABI module is imported (not the generated index) so that no contract bytecode reaches the page's bundle.
export { minibotPresaleAbi as presaleAbi } from '../../contracts/generated/minibotPresale.js';
