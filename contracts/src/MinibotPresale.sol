// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Enumerable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/**
 * @title Minibot M1 presale pass
 * @notice ERC-721 enumerable presale pass: one token reserves one Minibot M1. Tokens are minted for an
 * exact payment of `price` per token, with ids 1, 2, 3, ... in minting order.
 * @dev Extends OpenZeppelin's {ERC721} through its `_update` hook only. Because ids are sequential and
 * tokens are never burnt, `tokenByIndex(i) == i + 1` needs no storage, and each owner's token list is
 * kept as 32-bit entries packed eight to a storage slot (as is the reverse token => list-position
 * index), so that minting a batch touches few new slots. The observable behaviour is that of
 * {IERC721Enumerable}, including `ERC721OutOfBoundsIndex` reverts.
 */
contract MinibotPresale is ERC721, IERC721Enumerable, IERC4906, Ownable, ReentrancyGuard {
    using Strings for uint256;

    /// @dev Bits of one packed entry of the enumeration lists.
    uint256 private constant _ENTRY_BITS = 32;
    /// @dev Mask of one packed entry.
    uint256 private constant _ENTRY_MASK = 0xffffffff;
    /// @dev The highest token id (and list position) that fits an entry.
    uint256 private constant _MAX_TOKEN_ID = _ENTRY_MASK;

    /// @dev Everything `mint` reads, in one slot.
    struct SaleState {
        uint128 price;
        uint32 totalMinted;
        bool mintingEnabled;
        bool transfersEnabled;
    }

    SaleState private _sale;
    string private _baseTokenURI;
    string private _botDeliveredURI;
    /// @dev Bitmap of delivered tokens: bit `id & 255` of word `id >> 8`.
    mapping(uint256 word => uint256 bits) private _deliveredBits;
    /// @dev Owner's token list: entry `i` is lane `i & 7` of word `i >> 3`.
    mapping(address owner => mapping(uint256 word => uint256 entries)) private _ownedTokenWords;
    /// @dev Position of a token in its owner's list: lane `id & 7` of word `id >> 3`.
    mapping(uint256 word => uint256 entries) private _ownedPositionWords;

    /**
     * @notice Emitted once per mint call, beside the standard `Transfer` event of each token.
     * @param to Receiver of the tokens.
     * @param quantity Number of tokens minted.
     * @param tokenIds The ids minted, in order.
     */
    event TokensMinted(address indexed to, uint256 quantity, uint256[] tokenIds);
    /**
     * @notice Emitted when the owner changes the price.
     * @param previousPrice Former price per token, in wei.
     * @param newPrice New price per token, in wei.
     */
    event PriceUpdated(uint256 previousPrice, uint256 newPrice);
    /**
     * @notice Emitted when the owner opens or closes public minting.
     * @param enabled Whether `mint` is now open.
     */
    event MintingEnabled(bool indexed enabled);
    /**
     * @notice Emitted when the owner locks or unlocks transfers.
     * @param enabled Whether tokens can now be transferred.
     */
    event TransfersEnabled(bool indexed enabled);
    /**
     * @notice Emitted when the owner changes the base URI of tokens not yet delivered.
     * @param baseURI The new base URI.
     */
    event BaseURIUpdated(string baseURI);
    /**
     * @notice Emitted when the owner withdraws the proceeds.
     * @param to Receiver (the owner).
     * @param amount Amount sent, in wei.
     */
    event Withdrawn(address indexed to, uint256 amount);

    /**
     * @notice The payment does not equal `price * quantity`.
     * @param expected The exact amount required, in wei.
     * @param received The amount sent, in wei.
     */
    error IncorrectPayment(uint256 expected, uint256 received);
    /**
     * @notice A mint of zero tokens.
     * @param quantity The quantity asked for.
     */
    error InvalidQuantity(uint256 quantity);
    /// @notice Public minting is closed.
    error MintingDisabled();
    /**
     * @notice Transfers are locked.
     * @param from Current owner of the token.
     * @param to Intended receiver.
     * @param tokenId The token.
     */
    error TransfersDisabled(address from, address to, uint256 tokenId);
    /**
     * @notice The mint would pass the highest token id.
     * @param requested Tokens asked for.
     * @param remaining Tokens that can still be minted.
     */
    error SupplyLimitExceeded(uint256 requested, uint256 remaining);
    /**
     * @notice The price does not fit 128 bits.
     * @param price The price asked for.
     * @param maxPrice The highest price accepted.
     */
    error PriceTooHigh(uint256 price, uint256 maxPrice);
    /**
     * @notice The token's bot is already marked delivered.
     * @param tokenId The token.
     */
    error BotAlreadyDelivered(uint256 tokenId);
    /// @notice There is nothing to withdraw.
    error NothingToWithdraw();
    /**
     * @notice Sending the proceeds to the owner failed.
     * @param to The owner.
     * @param amount The amount, in wei.
     */
    error WithdrawFailed(address to, uint256 amount);
    /**
     * @notice An index past the end of an enumeration (same error as OpenZeppelin's ERC721Enumerable).
     * @param owner The owner enumerated, or the zero address for `tokenByIndex`.
     * @param index The index asked for.
     */
    error ERC721OutOfBoundsIndex(address owner, uint256 index);

    /**
     * @notice Deploys the presale with minting closed, transfers enabled and a price of zero.
     * @param name_ Collection name.
     * @param symbol_ Collection symbol.
     * @param baseURI_ Prefix of `tokenURI` before delivery.
     * @param botDeliveredURI_ Prefix of `tokenURI` once the token's bot is delivered.
     */
    constructor(string memory name_, string memory symbol_, string memory baseURI_, string memory botDeliveredURI_)
        ERC721(name_, symbol_)
        Ownable(msg.sender)
    {
        _baseTokenURI = baseURI_;
        _botDeliveredURI = botDeliveredURI_;
        _sale.transfersEnabled = true;
    }

    // ---------------------------------------------------------------- reads

    /// @notice Price of one token, in wei.
    function price() external view returns (uint256) {
        return _sale.price;
    }

    /// @notice Whether public `mint` is open.
    function isMintingEnabled() external view returns (bool) {
        return _sale.mintingEnabled;
    }

    /// @notice Whether tokens can be transferred between accounts.
    function transfersEnabled() external view returns (bool) {
        return _sale.transfersEnabled;
    }

    /// @notice Whether the bot of `tokenId` has been delivered (reverts for a token that does not exist).
    function botDelivered(uint256 tokenId) public view returns (bool) {
        _requireOwned(tokenId);
        return _isDelivered(tokenId);
    }

    /// @notice Number of tokens minted; ids run from 1 to `totalSupply()`.
    function totalSupply() public view returns (uint256) {
        return _sale.totalMinted;
    }

    /// @notice Token at `index` of all tokens (ids are sequential, so this is `index + 1`).
    function tokenByIndex(uint256 index) external view returns (uint256) {
        if (index >= _sale.totalMinted) revert ERC721OutOfBoundsIndex(address(0), index);
        return index + 1;
    }

    /// @notice Token at `index` of the tokens `owner` holds.
    function tokenOfOwnerByIndex(address owner, uint256 index) external view returns (uint256) {
        if (index >= balanceOf(owner)) revert ERC721OutOfBoundsIndex(owner, index);
        return _lane(_ownedTokenWords[owner][index >> 3], index);
    }

    /// @notice `baseURI + id` before delivery, `botDeliveredURI + id` after.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory base = _isDelivered(tokenId) ? _botDeliveredURI : _baseTokenURI;
        return bytes(base).length == 0 ? "" : string.concat(base, tokenId.toString());
    }

    /// @inheritdoc ERC721
    function supportsInterface(bytes4 interfaceId) public view override(ERC721, IERC165) returns (bool) {
        return interfaceId == type(IERC721Enumerable).interfaceId || interfaceId == bytes4(0x49064906)
            || super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------- minting

    /**
     * @notice Mints `quantity` tokens to the caller for exactly `price * quantity` wei.
     * @param quantity Number of tokens, at least 1.
     */
    function mint(uint256 quantity) external payable {
        SaleState memory sale = _sale;
        if (!sale.mintingEnabled) revert MintingDisabled();
        if (quantity == 0) revert InvalidQuantity(0);
        _checkSupply(sale.totalMinted, quantity);
        // quantity < 2**32 and price < 2**128: the product cannot overflow.
        uint256 expected = uint256(sale.price) * quantity;
        if (msg.value != expected) revert IncorrectPayment(expected, msg.value);
        _mintBatch(msg.sender, quantity, sale.totalMinted);
    }

    /**
     * @notice Owner only: mints `quantity` tokens to `to` for free, whether or not minting is open.
     * @param to Receiver.
     * @param quantity Number of tokens, at least 1.
     */
    function ownerMint(address to, uint256 quantity) external onlyOwner {
        if (quantity == 0) revert InvalidQuantity(0);
        uint32 minted = _sale.totalMinted;
        _checkSupply(minted, quantity);
        _mintBatch(to, quantity, minted);
    }

    // ---------------------------------------------------------------- owner settings

    /**
     * @notice Owner only: sets the price of one token.
     * @param newPrice Price in wei (at most 2**128 - 1).
     */
    function setPrice(uint256 newPrice) external onlyOwner {
        if (newPrice > type(uint128).max) revert PriceTooHigh(newPrice, type(uint128).max);
        uint256 previous = _sale.price;
        // casting to 'uint128' is safe because newPrice was checked against type(uint128).max above
        // forge-lint: disable-next-line(unsafe-typecast)
        _sale.price = uint128(newPrice);
        emit PriceUpdated(previous, newPrice);
    }

    /**
     * @notice Owner only: opens or closes public minting.
     * @param enabled Whether `mint` is open.
     */
    function setMintingEnabled(bool enabled) external onlyOwner {
        _sale.mintingEnabled = enabled;
        emit MintingEnabled(enabled);
    }

    /**
     * @notice Owner only: unlocks or locks transfers (minting is never locked by this).
     * @param enabled Whether tokens can be transferred.
     */
    function setTransfersEnabled(bool enabled) external onlyOwner {
        _sale.transfersEnabled = enabled;
        emit TransfersEnabled(enabled);
    }

    /**
     * @notice Owner only: sets the prefix of `tokenURI` for tokens not yet delivered.
     * @param newBaseURI The new prefix.
     */
    function setBaseURI(string calldata newBaseURI) external onlyOwner {
        _baseTokenURI = newBaseURI;
        emit BaseURIUpdated(newBaseURI);
        uint256 minted = _sale.totalMinted;
        if (minted != 0) emit BatchMetadataUpdate(1, minted);
    }

    /**
     * @notice Owner only: marks the bot of `tokenId` delivered; its `tokenURI` switches to the delivered URI.
     * @param tokenId An existing token whose bot is not yet delivered.
     */
    function markBotDelivered(uint256 tokenId) external onlyOwner {
        _requireOwned(tokenId);
        if (_isDelivered(tokenId)) revert BotAlreadyDelivered(tokenId);
        // forge-lint: disable-next-line(incorrect-shift)
        _deliveredBits[tokenId >> 8] |= 1 << (tokenId & 0xff);
        emit MetadataUpdate(tokenId);
    }

    /// @notice Owner only: sends the contract's whole balance to the owner. Cannot be re-entered.
    function withdraw() external onlyOwner nonReentrant {
        uint256 amount = address(this).balance;
        if (amount == 0) revert NothingToWithdraw();
        address to = owner();
        (bool sent,) = to.call{value: amount}("");
        if (!sent) revert WithdrawFailed(to, amount);
        emit Withdrawn(to, amount);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Reverts unless `quantity` more ids fit in an entry.
    function _checkSupply(uint256 minted, uint256 quantity) private pure {
        uint256 remaining = _MAX_TOKEN_ID - minted;
        if (quantity > remaining) revert SupplyLimitExceeded(quantity, remaining);
    }

    /// @dev Mints ids `minted + 1 ... minted + quantity` to `to` and emits one {TokensMinted}.
    function _mintBatch(address to, uint256 quantity, uint256 minted) private {
        // casting to 'uint32' is safe because _checkSupply bounded minted + quantity by 2**32 - 1
        // forge-lint: disable-next-line(unsafe-typecast)
        _sale.totalMinted = uint32(minted + quantity);
        uint256[] memory tokenIds = new uint256[](quantity);
        for (uint256 i; i < quantity; ++i) {
            uint256 tokenId = minted + i + 1;
            tokenIds[i] = tokenId;
            _mint(to, tokenId);
        }
        emit TokensMinted(to, quantity, tokenIds);
    }

    /// @dev Whether the delivered bit of `tokenId` is set.
    function _isDelivered(uint256 tokenId) private view returns (bool) {
        return (_deliveredBits[tokenId >> 8] >> (tokenId & 0xff)) & 1 == 1;
    }

    /// @dev Entry `index & 7` of a packed word.
    function _lane(uint256 word, uint256 index) private pure returns (uint256) {
        return (word >> ((index & 7) * _ENTRY_BITS)) & _ENTRY_MASK;
    }

    /// @dev `word` with entry `index & 7` replaced by `value` (which fits 32 bits).
    function _setLane(uint256 word, uint256 index, uint256 value) private pure returns (uint256) {
        uint256 shift = (index & 7) * _ENTRY_BITS;
        return (word & ~(_ENTRY_MASK << shift)) | (value << shift);
    }

    /**
     * @dev OpenZeppelin's transfer hook: enforces the transfer lock and keeps the owners' lists, in the
     * manner of ERC721Enumerable (swap-and-pop on removal) but on packed entries.
     */
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (from != address(0) && to != address(0)) {
            if (!_sale.transfersEnabled) revert TransfersDisabled(from, to, tokenId);
            if (from == to) return from;
        }
        if (from != address(0)) _removeFromOwnerList(from, tokenId);
        if (to != address(0)) _addToOwnerList(to, tokenId);
    }

    /// @dev Appends `tokenId` to the list of `to`, whose balance already counts it.
    function _addToOwnerList(address to, uint256 tokenId) private {
        uint256 position = balanceOf(to) - 1;
        mapping(uint256 => uint256) storage words = _ownedTokenWords[to];
        words[position >> 3] = _setLane(words[position >> 3], position, tokenId);
        _ownedPositionWords[tokenId >> 3] = _setLane(_ownedPositionWords[tokenId >> 3], tokenId, position);
    }

    /// @dev Removes `tokenId` from the list of `from`, whose balance no longer counts it, by moving the last entry into its place.
    function _removeFromOwnerList(address from, uint256 tokenId) private {
        uint256 last = balanceOf(from);
        uint256 position = _lane(_ownedPositionWords[tokenId >> 3], tokenId);
        mapping(uint256 => uint256) storage words = _ownedTokenWords[from];
        if (position != last) {
            uint256 lastTokenId = _lane(words[last >> 3], last);
            words[position >> 3] = _setLane(words[position >> 3], position, lastTokenId);
            _ownedPositionWords[lastTokenId >> 3] = _setLane(_ownedPositionWords[lastTokenId >> 3], lastTokenId, position);
        }
        // Entries past the balance are never read; only a word left empty is cleared (for the refund).
        if (last & 7 == 0) delete words[last >> 3];
    }
}
