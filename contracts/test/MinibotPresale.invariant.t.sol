// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "./utils/TestBase.sol";
import {MinibotPresale} from "../src/MinibotPresale.sol";
import {ReferenceEnumerable} from "../src/reference/ReferenceEnumerable.sol";

/**
 * @dev Drives the presale with random mints, owner mints, transfers (direct and by operators),
 * price and switch changes and withdrawals from several actors, and mirrors every ownership change
 * on a plain OpenZeppelin ERC721Enumerable so that the invariants can compare the two.
 */
contract PresaleHandler is TestBase {
    MinibotPresale public immutable presale;
    ReferenceEnumerable public immutable mirror;
    address public immutable owner;
    address[] internal _actors;

    uint256 public paid;
    uint256 public withdrawn;
    uint256 public rejectedCalls;

    constructor(MinibotPresale presale_, ReferenceEnumerable mirror_, address owner_) {
        presale = presale_;
        mirror = mirror_;
        owner = owner_;
        _actors.push(makeAddr("actor0"));
        _actors.push(makeAddr("actor1"));
        _actors.push(makeAddr("actor2"));
        _actors.push(makeAddr("actor3"));
    }

    function actors() external view returns (address[] memory) {
        return _actors;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return _actors[seed % _actors.length];
    }

    function _mirrorMint(address to, uint256 quantity) internal {
        vm.prank(to);
        mirror.mint(quantity);
    }

    function mint(uint256 actorSeed, uint256 quantity) external {
        address actor = _actor(actorSeed);
        quantity = bound(quantity, 1, 6);
        uint256 cost = presale.price() * quantity;
        vm.deal(actor, cost);
        if (!presale.isMintingEnabled()) {
            vm.expectRevert(MinibotPresale.MintingDisabled.selector);
            vm.prank(actor);
            presale.mint{value: cost}(quantity);
            ++rejectedCalls;
            return;
        }
        vm.prank(actor);
        presale.mint{value: cost}(quantity);
        paid += cost;
        _mirrorMint(actor, quantity);
    }

    function mintWithWrongPayment(uint256 actorSeed, uint256 quantity, uint256 value) external {
        if (!presale.isMintingEnabled()) return;
        address actor = _actor(actorSeed);
        quantity = bound(quantity, 1, 6);
        uint256 cost = presale.price() * quantity;
        value = bound(value, 0, cost + 1 ether);
        if (value == cost) value = cost + 1;
        vm.deal(actor, value);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.IncorrectPayment.selector, cost, value));
        vm.prank(actor);
        presale.mint{value: value}(quantity);
        ++rejectedCalls;
    }

    function ownerMint(uint256 actorSeed, uint256 quantity) external {
        address actor = _actor(actorSeed);
        quantity = bound(quantity, 1, 4);
        vm.prank(owner);
        presale.ownerMint(actor, quantity);
        _mirrorMint(actor, quantity);
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 indexSeed, bool byOperator) external {
        address from = _actor(fromSeed);
        uint256 balance = presale.balanceOf(from);
        if (balance == 0) return;
        address to = _actor(toSeed);
        uint256 tokenId = presale.tokenOfOwnerByIndex(from, indexSeed % balance);
        address caller = from;
        if (byOperator) {
            caller = _actor((toSeed % 16) + 1);
            if (caller != from) {
                vm.prank(from);
                presale.setApprovalForAll(caller, true);
            }
        }
        if (!presale.transfersEnabled()) {
            vm.expectRevert(abi.encodeWithSelector(MinibotPresale.TransfersDisabled.selector, from, to, tokenId));
            vm.prank(caller);
            presale.transferFrom(from, to, tokenId);
            ++rejectedCalls;
            return;
        }
        vm.prank(caller);
        presale.transferFrom(from, to, tokenId);
        vm.prank(from);
        mirror.transferFrom(from, to, tokenId);
    }

    function setPrice(uint256 newPrice) external {
        vm.prank(owner);
        presale.setPrice(bound(newPrice, 0, 1 ether));
    }

    function setMintingEnabled(bool enabled) external {
        vm.prank(owner);
        presale.setMintingEnabled(enabled);
    }

    function setTransfersEnabled(bool enabled) external {
        vm.prank(owner);
        presale.setTransfersEnabled(enabled);
    }

    function withdraw() external {
        uint256 amount = address(presale).balance;
        if (amount == 0) return;
        uint256 before = owner.balance;
        vm.prank(owner);
        presale.withdraw();
        withdrawn += amount;
        assertEq(owner.balance, before + amount, "owner received the whole balance");
    }
}

contract MinibotPresaleInvariantTest is TestBase {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    MinibotPresale internal presale;
    ReferenceEnumerable internal mirror;
    PresaleHandler internal handler;

    function setUp() public {
        address owner = makeAddr("owner");
        vm.startPrank(owner);
        presale = new MinibotPresale("Minibot M1 Presale Pass", "MBOT", "ipfs://pass/", "ipfs://delivered/");
        presale.setPrice(0.05 ether);
        presale.setMintingEnabled(true);
        vm.stopPrank();
        mirror = new ReferenceEnumerable(0);
        handler = new PresaleHandler(presale, mirror, owner);
    }

    /// @dev Forge fuzzes only the handler.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// @dev And only its actions.
    function targetSelectors() public view returns (FuzzSelector[] memory targets) {
        bytes4[] memory selectors = new bytes4[](8);
        selectors[0] = PresaleHandler.mint.selector;
        selectors[1] = PresaleHandler.mintWithWrongPayment.selector;
        selectors[2] = PresaleHandler.ownerMint.selector;
        selectors[3] = PresaleHandler.transfer.selector;
        selectors[4] = PresaleHandler.setPrice.selector;
        selectors[5] = PresaleHandler.setMintingEnabled.selector;
        selectors[6] = PresaleHandler.setTransfersEnabled.selector;
        selectors[7] = PresaleHandler.withdraw.selector;
        targets = new FuzzSelector[](1);
        targets[0] = FuzzSelector(address(handler), selectors);
    }

    function invariant_TotalSupplyEqualsSumOfBalances() public view {
        address[] memory actors = handler.actors();
        uint256 sum;
        for (uint256 i; i < actors.length; ++i) sum += presale.balanceOf(actors[i]);
        assertEq(presale.totalSupply(), sum, "totalSupply == sum of balances");
        assertEq(presale.totalSupply(), mirror.totalSupply(), "totalSupply == reference");
    }

    function invariant_OwnerEnumerationMatchesReferenceAndOwnerOf() public view {
        address[] memory actors = handler.actors();
        for (uint256 a; a < actors.length; ++a) {
            uint256 balance = presale.balanceOf(actors[a]);
            assertEq(balance, mirror.balanceOf(actors[a]), "balance == reference");
            for (uint256 i; i < balance; ++i) {
                uint256 tokenId = presale.tokenOfOwnerByIndex(actors[a], i);
                assertEq(tokenId, mirror.tokenOfOwnerByIndex(actors[a], i), "tokenOfOwnerByIndex == reference");
                assertEq(presale.ownerOf(tokenId), actors[a], "listed token is owned");
            }
        }
    }

    function invariant_GlobalEnumerationIsSequentialAndComplete() public view {
        uint256 supply = presale.totalSupply();
        for (uint256 i; i < supply; ++i) {
            uint256 tokenId = presale.tokenByIndex(i);
            assertEq(tokenId, i + 1, "tokenByIndex(i) == i + 1");
            assertEq(presale.ownerOf(tokenId), mirror.ownerOf(tokenId), "ownerOf == reference");
        }
    }

    function invariant_EnumerationBoundsRevert() public view {
        address[] memory actors = handler.actors();
        for (uint256 a; a < actors.length; ++a) {
            uint256 balance = presale.balanceOf(actors[a]);
            try presale.tokenOfOwnerByIndex(actors[a], balance) returns (uint256) {
                fail("tokenOfOwnerByIndex past the balance must revert");
            } catch (bytes memory reason) {
                assertEq(
                    keccak256(reason),
                    keccak256(abi.encodeWithSelector(MinibotPresale.ERC721OutOfBoundsIndex.selector, actors[a], balance)),
                    "out-of-bounds error"
                );
            }
        }
        try presale.tokenByIndex(presale.totalSupply()) returns (uint256) {
            fail("tokenByIndex past the supply must revert");
        } catch {}
    }

    function invariant_ContractBalanceEqualsPaidMinusWithdrawn() public view {
        assertEq(address(presale).balance, handler.paid() - handler.withdrawn(), "balance == paid - withdrawn");
    }
}
