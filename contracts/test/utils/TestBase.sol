// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Vm} from "forge-std/Vm.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @dev Cheatcodes newer than the npm forge-std's Vm interface.
interface VmExtra {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);
    function expectEmit() external;
    function expectEmit(address emitter) external;
    function expectRevert(bytes calldata revertData, address reverter) external;
}

/**
 * @title Minimal test base
 * @dev The npm `forge-std` ships an old Test.sol that needs ds-test, which is not on npm; this base
 * uses its Vm interface and supplies the few assertions and helpers the tests need. A failed
 * assertion reverts, which forge reports as a failure with the message.
 */
abstract contract TestBase {
    using Strings for uint256;
    using Strings for address;

    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    VmExtra internal constant vmx = VmExtra(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @dev Failed assertion.
    error AssertionFailed(string message);

    function fail(string memory message) internal pure {
        revert AssertionFailed(message);
    }

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) fail(message);
    }

    function assertFalse(bool condition, string memory message) internal pure {
        if (condition) fail(message);
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", a.toString(), " != ", b.toString()));
    }

    function assertEq(address a, address b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", a.toHexString(), " != ", b.toHexString()));
    }

    function assertEq(bool a, bool b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, a ? ": true != false" : ": false != true"));
    }

    function assertEq(string memory a, string memory b, string memory message) internal pure {
        if (keccak256(bytes(a)) != keccak256(bytes(b))) fail(string.concat(message, ': "', a, '" != "', b, '"'));
    }

    function assertEq(bytes32 a, bytes32 b, string memory message) internal pure {
        if (a != b) fail(message);
    }

    /// @dev Maps any `x` into `[min, max]` (uniformly enough for fuzzing).
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (x >= min && x <= max) return x;
        uint256 size = max - min;
        if (size == type(uint256).max) return x;
        return min + (x % (size + 1));
    }

    /// @dev A labelled address with no code.
    function makeAddr(string memory name) internal returns (address account) {
        account = address(uint160(uint256(keccak256(bytes(name)))));
        vm.label(account, name);
    }
}
