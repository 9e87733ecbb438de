// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "./utils/TestBase.sol";
import {MinibotPresale} from "../src/MinibotPresale.sol";
import {ReferenceEnumerable} from "../src/reference/ReferenceEnumerable.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

contract MinibotPresaleFuzzTest is TestBase {
    MinibotPresale internal presale;
    ReferenceEnumerable internal mirror;
    address internal owner;
    address[3] internal actors;

    function setUp() public {
        owner = makeAddr("owner");
        actors = [makeAddr("a"), makeAddr("b"), makeAddr("c")];
        vm.startPrank(owner);
        presale = new MinibotPresale("Minibot M1 Presale Pass", "MBOT", "ipfs://pass/", "ipfs://delivered/");
        presale.setMintingEnabled(true);
        vm.stopPrank();
        mirror = new ReferenceEnumerable(0);
    }

    function testFuzz_Mint_AcceptsOnlyTheExactPayment(uint256 price, uint256 quantity, uint256 value) public {
        price = bound(price, 0, 1_000 ether);
        quantity = bound(quantity, 1, 10);
        uint256 cost = price * quantity;
        value = bound(value, 0, cost * 2 + 1);
        vm.prank(owner);
        presale.setPrice(price);
        address buyer = actors[0];
        vm.deal(buyer, value);
        if (value != cost) {
            vm.expectRevert(abi.encodeWithSelector(MinibotPresale.IncorrectPayment.selector, cost, value));
        }
        vm.prank(buyer);
        presale.mint{value: value}(quantity);
        assertEq(presale.balanceOf(buyer), value == cost ? quantity : 0, "minted only on exact payment");
        assertEq(address(presale).balance, value == cost ? cost : 0, "contract keeps exactly the payment");
    }

    /// @dev A random sequence of mints and transfers leaves both enumerations equal to OpenZeppelin's.
    function testFuzz_MintAndTransferSequence_MatchesReferenceEnumeration(uint256 seed, uint8 steps) public {
        uint256 count = bound(steps, 1, 40);
        for (uint256 s; s < count; ++s) {
            uint256 r = uint256(keccak256(abi.encode(seed, s)));
            address from = actors[r % 3];
            uint256 balance = presale.balanceOf(from);
            if (r % 5 < 2 || balance == 0) {
                uint256 quantity = 1 + ((r >> 8) % 5);
                vm.prank(from);
                presale.mint(quantity);
                vm.prank(from);
                mirror.mint(quantity);
            } else {
                address to = actors[(r >> 16) % 3];
                uint256 tokenId = presale.tokenOfOwnerByIndex(from, (r >> 24) % balance);
                vm.prank(from);
                presale.transferFrom(from, to, tokenId);
                vm.prank(from);
                mirror.transferFrom(from, to, tokenId);
            }
        }
        uint256 sum;
        for (uint256 a; a < 3; ++a) {
            uint256 balance = presale.balanceOf(actors[a]);
            sum += balance;
            assertEq(balance, mirror.balanceOf(actors[a]), "balance");
            for (uint256 i; i < balance; ++i) {
                assertEq(presale.tokenOfOwnerByIndex(actors[a], i), mirror.tokenOfOwnerByIndex(actors[a], i), "owner index");
            }
        }
        assertEq(sum, presale.totalSupply(), "supply == sum of balances");
        for (uint256 i; i < presale.totalSupply(); ++i) {
            assertEq(presale.tokenByIndex(i), mirror.tokenByIndex(i), "global index");
        }
    }

    function testFuzz_TokenURI_SwitchesOnlyForTheDeliveredToken(uint256 quantity, uint256 pick) public {
        quantity = bound(quantity, 1, 30);
        vm.prank(owner);
        presale.ownerMint(actors[1], quantity);
        uint256 tokenId = bound(pick, 1, quantity);
        vm.prank(owner);
        presale.markBotDelivered(tokenId);
        for (uint256 id = 1; id <= quantity; ++id) {
            string memory expected = string.concat(id == tokenId ? "ipfs://delivered/" : "ipfs://pass/", Strings.toString(id));
            assertEq(presale.tokenURI(id), expected, "tokenURI");
            assertEq(presale.botDelivered(id), id == tokenId, "botDelivered");
        }
    }

    function testFuzz_Withdraw_PaysOutEverythingPaid(uint8 mints, uint256 price) public {
        price = bound(price, 1, 10 ether);
        vm.prank(owner);
        presale.setPrice(price);
        uint256 total;
        uint256 n = bound(mints, 1, 8);
        for (uint256 i; i < n; ++i) {
            uint256 quantity = 1 + (i % 3);
            address buyer = actors[i % 3];
            vm.deal(buyer, price * quantity);
            vm.prank(buyer);
            presale.mint{value: price * quantity}(quantity);
            total += price * quantity;
        }
        uint256 before = owner.balance;
        vm.prank(owner);
        presale.withdraw();
        assertEq(owner.balance - before, total, "owner received the sum of payments");
        assertEq(address(presale).balance, 0, "nothing left");
    }
}
