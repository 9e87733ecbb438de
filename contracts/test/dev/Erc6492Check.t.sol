// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "../utils/TestBase.sol";
import {EntryPoint} from "@account-abstraction/contracts/core/EntryPoint.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {Erc6492Check} from "../../src/dev/Erc6492Check.sol";
import {MinibotSmartAccountFactory} from "../../src/aa/MinibotSmartAccountFactory.sol";

contract Erc6492CheckTest is TestBase {
    bytes32 internal constant SUFFIX = 0x6492649264926492649264926492649264926492649264926492649264926492;
    uint256 internal ownerKey = 0xA11CE;
    MinibotSmartAccountFactory internal factory;
    bytes32 internal hash = MessageHashUtils.toEthSignedMessageHash(bytes("sign in"));

    function setUp() public {
        factory = new MinibotSmartAccountFactory(new EntryPoint());
    }

    function _sign(uint256 key, bytes32 digest) internal returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function _verdict(address signer, bytes memory signature) internal returns (bytes memory) {
        return address(new Erc6492Check(signer, hash, signature)).code;
    }

    function _wrapped(address account, uint256 key) internal returns (bytes memory) {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("Minibot Smart Account"),
                keccak256("1"),
                block.chainid,
                account
            )
        );
        bytes32 structHash = keccak256(abi.encode(keccak256("MinibotSmartAccountMessage(bytes32 hash)"), hash));
        bytes memory inner = _sign(key, keccak256(abi.encodePacked("\x19\x01", domain, structHash)));
        bytes memory factoryData = abi.encodeCall(MinibotSmartAccountFactory.createAccount, (vm.addr(ownerKey), 0));
        return abi.encodePacked(abi.encode(address(factory), factoryData, inner), SUFFIX);
    }

    function test_Check_AcceptsACounterfactualAccountsErc6492Signature_AndTheSameOnceDeployed() public {
        address account = factory.getAddress(vm.addr(ownerKey), 0);
        bytes memory verdict = _verdict(account, _wrapped(account, ownerKey));
        assertEq(verdict.length, 1, "one byte");
        assertTrue(verdict[0] == 0x01, "valid while counterfactual (the check runs the factory call)");
        assertTrue(account.code.length > 0, "deployed by the check (inside an eth_call this does not persist)");
        assertTrue(_verdict(account, _wrapped(account, ownerKey))[0] == 0x01, "valid once deployed (no second factory call)");
    }

    function test_Check_RefusesAnotherKeyInTheWrapper() public {
        address account = factory.getAddress(vm.addr(ownerKey), 0);
        assertTrue(_verdict(account, _wrapped(account, 0xB0B))[0] == 0x00, "another key");
    }

    function test_Check_VerifiesPlainEcdsaForAnAddressWithoutCode() public {
        assertTrue(_verdict(vm.addr(ownerKey), _sign(ownerKey, hash))[0] == 0x01, "the key's own signature");
        assertTrue(_verdict(vm.addr(ownerKey), _sign(0xB0B, hash))[0] == 0x00, "another key");
        assertTrue(_verdict(vm.addr(ownerKey), hex"1234")[0] == 0x00, "garbage");
    }
}
