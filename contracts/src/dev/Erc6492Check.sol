// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/**
 * @title ERC-6492 signature check, run without deployment
 * @notice Development only: the sign-in service's second, ethers-based verifier sends this contract's creation code
 * with its constructor arguments in an `eth_call`; the "deployed code" it answers is one byte, 0x01 when `signature`
 * is `signer`'s signature of `hash` and 0x00 otherwise. An ERC-6492 signature (ending in the 0x6492... magic suffix)
 * first runs its factory call when `signer` has no code yet, inside the call only, then is checked with ERC-1271; a
 * signer without code is checked as an ECDSA key.
 */
contract Erc6492Check {
    bytes32 private constant ERC6492_SUFFIX = 0x6492649264926492649264926492649264926492649264926492649264926492;

    /**
     * @param signer The account the signature claims to be from.
     * @param hash The signed digest.
     * @param signature ECDSA, ERC-1271 or ERC-6492 (`abi.encode(factory, factoryData, signature) ++ suffix`).
     */
    constructor(address signer, bytes32 hash, bytes memory signature) {
        bool valid = _isValid(signer, hash, signature);
        assembly ("memory-safe") {
            mstore(0, valid)
            return(31, 1)
        }
    }

    /// @dev Unwraps ERC-6492 (deploying the signer when needed), then checks with ERC-1271 or ECDSA.
    function _isValid(address signer, bytes32 hash, bytes memory signature) private returns (bool) {
        bytes memory inner = signature;
        if (_hasSuffix(signature)) {
            bytes memory wrapped = new bytes(signature.length - 32);
            for (uint256 i = 0; i < wrapped.length; ++i) wrapped[i] = signature[i];
            address factory;
            bytes memory factoryData;
            (factory, factoryData, inner) = abi.decode(wrapped, (address, bytes, bytes));
            if (signer.code.length == 0) {
                (bool deployed, ) = factory.call(factoryData);
                if (!deployed) return false;
            }
        }
        if (signer.code.length > 0) {
            try IERC1271(signer).isValidSignature(hash, inner) returns (bytes4 magicValue) {
                return magicValue == IERC1271.isValidSignature.selector;
            } catch {
                return false;
            }
        }
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(hash, inner);
        return error == ECDSA.RecoverError.NoError && recovered == signer;
    }

    /// @dev Whether `signature` ends with the ERC-6492 magic suffix.
    function _hasSuffix(bytes memory signature) private pure returns (bool) {
        if (signature.length < 32) return false;
        bytes32 tail;
        assembly ("memory-safe") {
            tail := mload(add(signature, mload(signature)))
        }
        return tail == ERC6492_SUFFIX;
    }
}
