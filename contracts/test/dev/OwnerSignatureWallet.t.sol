// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "../utils/TestBase.sol";
import {OwnerSignatureWallet} from "../../src/dev/OwnerSignatureWallet.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

contract OwnerSignatureWalletTest is TestBase {
    OwnerSignatureWallet internal wallet;
    uint256 internal ownerKey = 0xA11CE;

    function setUp() public {
        wallet = new OwnerSignatureWallet(vm.addr(ownerKey));
    }

    function _sign(uint256 key, bytes32 hash) internal returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, hash);
        return abi.encodePacked(r, s, v);
    }

    function test_IsValidSignature_AcceptsTheOwnersSignature() public {
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(bytes("sign in"));
        assertTrue(wallet.isValidSignature(hash, _sign(ownerKey, hash)) == IERC1271.isValidSignature.selector, "owner signature accepted");
    }

    function test_IsValidSignature_RefusesAnotherKeyAndGarbage() public {
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(bytes("sign in"));
        assertTrue(wallet.isValidSignature(hash, _sign(0xB0B, hash)) == bytes4(0xffffffff), "other key refused");
        assertTrue(wallet.isValidSignature(hash, hex"1234") == bytes4(0xffffffff), "garbage refused");
    }
}
