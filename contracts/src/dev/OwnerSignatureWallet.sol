// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/**
 * @title Development contract wallet (ERC-1271)
 * @notice Test only: a contract account whose signatures are its owner key's signatures, so that sign-in
 * (EIP-4361 with EIP-1271 verification) can be tested against a contract wallet on the local chain.
 */
contract OwnerSignatureWallet is IERC1271 {
    /// @notice The key whose signatures this wallet accepts.
    address public immutable owner;

    /// @param owner_ The signing key.
    constructor(address owner_) {
        owner = owner_;
    }

    /**
     * @notice ERC-1271: valid when `signature` is the owner's ECDSA signature of `hash`.
     * @param hash The signed digest (for a personal_sign message, its EIP-191 hash).
     * @param signature 65-byte r, s, v.
     * @return magicValue `IERC1271.isValidSignature.selector` when valid, 0xffffffff otherwise.
     */
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4 magicValue) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(hash, signature);
        return error == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}
