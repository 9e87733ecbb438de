// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {SimpleAccount} from "@account-abstraction/contracts/samples/SimpleAccount.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/**
 * @title Minibot smart account
 * @notice The embedded wallet's ERC-4337 v0.7 account: the package's `SimpleAccount` (one owner key, user
 * operations through the EntryPoint) plus ERC-1271, so that dapps can verify what the account signs.
 * @dev The owner does not sign the dapp's hash itself but an EIP-712 wrapper of it,
 * `MinibotSmartAccountMessage(bytes32 hash)`, under a domain bound to the chain id and to this account's address.
 * The same owner's signature for one of its accounts is therefore not valid for another of its accounts (or on
 * another chain). The EIP-712 name and version are short strings held in immutables, so the domain reads the
 * same behind the ERC-1967 proxy, where `address(this)` is the proxy.
 */
contract MinibotSmartAccount is SimpleAccount, EIP712, IERC1271 {
    /// @notice EIP-712 type hash of the wrapper the owner signs.
    bytes32 public constant MESSAGE_TYPEHASH = keccak256("MinibotSmartAccountMessage(bytes32 hash)");

    /// @param anEntryPoint The ERC-4337 v0.7 EntryPoint this account accepts user operations from.
    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) EIP712("Minibot Smart Account", "1") {}

    /**
     * @notice The digest the owner signs for `hash`: the EIP-712 typed-data hash of
     * `MinibotSmartAccountMessage(hash)` in this account's domain (name, version, chain id, this address).
     * @param hash The digest a dapp asks the account to sign (e.g. an EIP-191 or EIP-712 hash).
     * @return The replay-safe digest.
     */
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(MESSAGE_TYPEHASH, hash)));
    }

    /**
     * @notice ERC-1271: valid when `signature` is the owner's ECDSA signature of `replaySafeHash(hash)`.
     * @dev Never reverts on a malformed signature: anything that does not recover to the owner answers 0xffffffff.
     * @param hash The digest the dapp verifies.
     * @param signature The owner's 65-byte (r, s, v) or 64-byte (ERC-2098) signature of the replay-safe digest.
     * @return magicValue `IERC1271.isValidSignature.selector` when valid, 0xffffffff otherwise.
     */
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4 magicValue) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        return error == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}
