// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/**
 * @title Development ERC-20
 * @notice A test token for the local dev stack only (balances, prices and swaps in the modal).
 */
contract TestToken is ERC20, Ownable {
    uint8 private immutable _decimals;

    /**
     * @param name_ Token name.
     * @param symbol_ Token symbol.
     * @param decimals_ Number of decimals.
     */
    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) Ownable(msg.sender) {
        _decimals = decimals_;
    }

    /// @inheritdoc ERC20
    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /**
     * @notice Owner only: creates `amount` tokens for `to`.
     * @param to Receiver.
     * @param amount Amount in the token's smallest unit.
     */
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
