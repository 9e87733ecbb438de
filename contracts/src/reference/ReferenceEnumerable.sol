// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/**
 * @title Gas benchmark reference
 * @notice A plain OpenZeppelin ERC721Enumerable with the same payable `mint(quantity)` as MinibotPresale
 * (exact payment, sequential ids from 1), so that `npm run bench:gas` compares like with like.
 * @dev Not deployed by the product; compiled and deployed only by the benchmark.
 */
contract ReferenceEnumerable is ERC721Enumerable {
    /// @notice Price of one token, in wei.
    uint256 public immutable price;
    uint256 private _minted;

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

    /// @param price_ Price of one token, in wei.
    constructor(uint256 price_) ERC721("Reference", "REF") {
        price = price_;
    }

    /**
     * @notice Mints `quantity` tokens to the caller for exactly `price * quantity` wei.
     * @param quantity Number of tokens, at least 1.
     */
    function mint(uint256 quantity) external payable {
        if (quantity == 0) revert InvalidQuantity(0);
        uint256 expected = price * quantity;
        if (msg.value != expected) revert IncorrectPayment(expected, msg.value);
        uint256 minted = _minted;
        _minted = minted + quantity;
        for (uint256 i; i < quantity; ++i) {
            _mint(msg.sender, minted + i + 1);
        }
    }
}
