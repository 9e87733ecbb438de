// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "../utils/TestBase.sol";
import {EntryPoint} from "@account-abstraction/contracts/core/EntryPoint.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {SimpleAccount} from "@account-abstraction/contracts/samples/SimpleAccount.sol";
import {MinibotSmartAccount} from "../../src/aa/MinibotSmartAccount.sol";
import {MinibotSmartAccountFactory} from "../../src/aa/MinibotSmartAccountFactory.sol";

contract MinibotSmartAccountTest is TestBase {
    bytes4 internal constant INVALID = 0xffffffff;
    uint256 internal ownerKey = 0xA11CE;
    address internal owner;
    EntryPoint internal entryPoint;
    MinibotSmartAccountFactory internal factory;
    MinibotSmartAccount internal account;
    bytes32 internal hash = MessageHashUtils.toEthSignedMessageHash(bytes("register alice.reown.id"));

    function setUp() public {
        owner = vm.addr(ownerKey);
        entryPoint = new EntryPoint();
        factory = new MinibotSmartAccountFactory(entryPoint);
        account = factory.createAccount(owner, 0);
    }

    function _sign(uint256 key, bytes32 digest) internal returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    /// @dev The EIP-712 digest of the wrapper, computed here from the standard's definition (not from the contract).
    function _wrapped(address verifyingContract, bytes32 digest) internal view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("Minibot Smart Account"),
                keccak256("1"),
                block.chainid,
                verifyingContract
            )
        );
        bytes32 structHash = keccak256(abi.encode(keccak256("MinibotSmartAccountMessage(bytes32 hash)"), digest));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function test_CreateAccount_DeploysAtTheCounterfactualAddressOnceWithTheOwner() public {
        address predicted = factory.getAddress(owner, 1);
        assertEq(predicted.code.length, 0, "nothing there yet");
        MinibotSmartAccount created = factory.createAccount(owner, 1);
        assertEq(address(created), predicted, "deployed where predicted");
        assertEq(created.owner(), owner, "owner");
        assertEq(address(created.entryPoint()), address(entryPoint), "entry point");
        assertEq(address(factory.createAccount(owner, 1)), predicted, "second call returns the same account");
        assertTrue(factory.getAddress(owner, 2) != predicted, "another salt, another account");
    }

    function test_IsValidSignature_AcceptsTheOwnersSignatureOfTheReplaySafeHash() public {
        assertEq(account.replaySafeHash(hash), _wrapped(address(account), hash), "EIP-712 wrapper bound to this account");
        bytes4 answer = account.isValidSignature(hash, _sign(ownerKey, _wrapped(address(account), hash)));
        assertTrue(answer == IERC1271.isValidSignature.selector, "owner's signature accepted");
    }

    function test_IsValidSignature_RefusesAnotherSigner() public {
        assertTrue(account.isValidSignature(hash, _sign(0xB0B, _wrapped(address(account), hash))) == INVALID, "another key refused");
    }

    function test_IsValidSignature_RefusesTheOwnersPlainSignatureOfTheHash() public {
        assertTrue(account.isValidSignature(hash, _sign(ownerKey, hash)) == INVALID, "unwrapped hash refused");
    }

    function test_IsValidSignature_RefusesASignatureMadeForAnotherAccountOfTheSameOwner() public {
        MinibotSmartAccount second = factory.createAccount(owner, 7);
        bytes memory forFirst = _sign(ownerKey, _wrapped(address(account), hash));
        assertTrue(account.isValidSignature(hash, forFirst) == IERC1271.isValidSignature.selector, "valid for its account");
        assertTrue(second.isValidSignature(hash, forFirst) == INVALID, "not replayable on the owner's second account");
        assertTrue(
            second.isValidSignature(hash, _sign(ownerKey, _wrapped(address(second), hash))) == IERC1271.isValidSignature.selector,
            "the second account's own signature"
        );
    }

    function test_IsValidSignature_RefusesASignatureForAnotherChain() public {
        bytes memory signature = _sign(ownerKey, _wrapped(address(account), hash));
        vm.chainId(block.chainid + 1);
        assertTrue(account.isValidSignature(hash, signature) == INVALID, "the domain carries the chain id");
    }

    function test_IsValidSignature_AnswersInvalidWithoutRevertingOnMalformedSignatures() public {
        bytes memory valid = _sign(ownerKey, _wrapped(address(account), hash));
        assertTrue(account.isValidSignature(hash, "") == INVALID, "empty");
        assertTrue(account.isValidSignature(hash, hex"1234") == INVALID, "short");
        bytes memory badV = abi.encodePacked(valid);
        badV[64] = 0x05;
        assertTrue(account.isValidSignature(hash, badV) == INVALID, "bad v");
        assertTrue(account.isValidSignature(hash, abi.encodePacked(valid, hex"00")) == INVALID, "66 bytes");
        // s in the upper half of the curve order (malleable form) is refused as well.
        bytes memory highS = abi.encodePacked(bytes32(uint256(1)), bytes32(type(uint256).max), uint8(27));
        assertTrue(account.isValidSignature(hash, highS) == INVALID, "high s");
    }

    function _userOp(address sender, bytes memory initCode, bytes memory callData) internal view returns (PackedUserOperation memory op) {
        op = PackedUserOperation({
            sender: sender,
            nonce: entryPoint.getNonce(sender, 0),
            initCode: initCode,
            callData: callData,
            accountGasLimits: bytes32((uint256(1_000_000) << 128) | 200_000),
            preVerificationGas: 50_000,
            gasFees: bytes32((uint256(1 gwei) << 128) | 2 gwei),
            paymasterAndData: "",
            signature: ""
        });
    }

    function _handle(PackedUserOperation memory op) internal returns (uint256 gasUsed) {
        PackedUserOperation[] memory ops = new PackedUserOperation[](1);
        ops[0] = op;
        address payable beneficiary = payable(makeAddr("bundler"));
        vm.prank(beneficiary, beneficiary);
        uint256 before = gasleft();
        entryPoint.handleOps(ops, beneficiary);
        gasUsed = before - gasleft();
    }

    function test_HandleOps_DeploysTheAccountOnItsFirstUserOperationAndRunsTheCall() public {
        uint256 otherKey = 0xC0FFEE;
        address sender = factory.getAddress(vm.addr(otherKey), 0);
        vm.deal(sender, 1 ether);
        address recipient = makeAddr("recipient");
        bytes memory initCode = abi.encodePacked(address(factory), abi.encodeCall(MinibotSmartAccountFactory.createAccount, (vm.addr(otherKey), 0)));
        PackedUserOperation memory op = _userOp(sender, initCode, abi.encodeCall(SimpleAccount.execute, (recipient, 0.1 ether, "")));
        op.signature = _sign(otherKey, MessageHashUtils.toEthSignedMessageHash(entryPoint.getUserOpHash(op)));
        uint256 firstGas = _handle(op);
        assertTrue(sender.code.length > 0, "deployed by initCode");
        assertEq(recipient.balance, 0.1 ether, "call ran");

        PackedUserOperation memory next = _userOp(sender, "", abi.encodeCall(SimpleAccount.execute, (recipient, 0.1 ether, "")));
        next.signature = _sign(otherKey, MessageHashUtils.toEthSignedMessageHash(entryPoint.getUserOpHash(next)));
        uint256 nextGas = _handle(next);
        assertEq(recipient.balance, 0.2 ether, "second call ran");
        assertTrue(firstGas > nextGas + 100_000, "the first operation pays for the proxy's deployment");
    }

    function test_RevertWhen_AnotherKeySignsTheUserOperation() public {
        vm.deal(address(account), 1 ether);
        PackedUserOperation memory op = _userOp(address(account), "", abi.encodeCall(SimpleAccount.execute, (makeAddr("thief"), 1 ether, "")));
        op.signature = _sign(0xB0B, MessageHashUtils.toEthSignedMessageHash(entryPoint.getUserOpHash(op)));
        PackedUserOperation[] memory ops = new PackedUserOperation[](1);
        ops[0] = op;
        vm.expectRevert(abi.encodeWithSelector(IEntryPoint.FailedOp.selector, 0, "AA24 signature error"));
        entryPoint.handleOps(ops, payable(makeAddr("bundler")));
    }

    function test_RevertWhen_TheOwnerCallsExecuteOnAnotherOwnersAccount() public {
        MinibotSmartAccount others = factory.createAccount(vm.addr(0xD00D), 0);
        vm.prank(owner);
        vm.expectRevert(bytes("account: not Owner or EntryPoint"));
        others.execute(owner, 0, "");
    }
}
