// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {SimpleAccount} from "@account-abstraction/contracts/samples/SimpleAccount.sol";
import {MinibotSmartAccount} from "./MinibotSmartAccount.sol";

/**
 * @title Minibot smart account factory
 * @notice Deploys `MinibotSmartAccount`s at counterfactual addresses, with the interface of the package's
 * `SimpleAccountFactory` (`createAccount(owner, salt)`, `getAddress(owner, salt)`), so that a user operation's
 * `initCode` (and an ERC-6492 signature's factory data) deploys the account on first use.
 * @dev Each account is an ERC-1967 proxy, created with CREATE2 (salt = `salt`), over one shared implementation.
 */
contract MinibotSmartAccountFactory {
    /// @notice The implementation every account's proxy delegates to.
    MinibotSmartAccount public immutable accountImplementation;

    /// @param entryPoint The ERC-4337 v0.7 EntryPoint the accounts accept user operations from.
    constructor(IEntryPoint entryPoint) {
        accountImplementation = new MinibotSmartAccount(entryPoint);
    }

    /**
     * @notice Deploys the account of `owner` and `salt`, or returns it when it already exists (so that
     * `EntryPoint.getSenderAddress` works before and after deployment).
     * @param owner The key that signs for the account.
     * @param salt Chooses one of the owner's accounts.
     * @return ret The account.
     */
    function createAccount(address owner, uint256 salt) external returns (MinibotSmartAccount ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return MinibotSmartAccount(payable(addr));
        ret = MinibotSmartAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), _initCall(owner))));
    }

    /**
     * @notice The address `createAccount(owner, salt)` deploys to (or deployed to).
     * @param owner The key that signs for the account.
     * @param salt Chooses one of the owner's accounts.
     * @return The account's address.
     */
    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(
            abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), _initCall(owner)))
        );
        return Create2.computeAddress(bytes32(salt), initCodeHash);
    }

    /// @dev The proxy's initialization call: `initialize(owner)`.
    function _initCall(address owner) private pure returns (bytes memory) {
        return abi.encodeCall(SimpleAccount.initialize, (owner));
    }
}
