// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "./utils/TestBase.sol";
import {MinibotPresale} from "../src/MinibotPresale.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @dev An owner contract that tries to re-enter `withdraw` from its receive function.
contract ReenteringOwner {
    MinibotPresale public presale;
    bool public reentered;
    bytes public reentryError;
    uint256 public received;

    function setPresale(MinibotPresale presale_) external {
        presale = presale_;
    }

    function withdraw() external {
        presale.withdraw();
    }

    receive() external payable {
        received += msg.value;
        try presale.withdraw() {
            reentered = true;
        } catch (bytes memory reason) {
            reentryError = reason;
        }
    }
}

/// @dev An owner contract that cannot receive the native coin.
contract RejectingOwner {
    function withdraw(MinibotPresale presale) external {
        presale.withdraw();
    }
}

contract MinibotPresaleTest is TestBase {
    uint256 internal constant PRICE = 0.05 ether;
    string internal constant BASE = "ipfs://pass/";
    string internal constant DELIVERED = "ipfs://delivered/";

    MinibotPresale internal presale;
    address internal owner;
    address internal alice;
    address internal bob;
    address internal carol;

    function setUp() public {
        owner = makeAddr("owner");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        carol = makeAddr("carol");
        vm.deal(alice, 100 ether);
        vm.deal(bob, 100 ether);
        vm.startPrank(owner);
        presale = new MinibotPresale("Minibot M1 Presale Pass", "MBOT", BASE, DELIVERED);
        presale.setPrice(PRICE);
        presale.setMintingEnabled(true);
        vm.stopPrank();
    }

    function _mint(address to, uint256 quantity) internal {
        vm.prank(to);
        presale.mint{value: PRICE * quantity}(quantity);
    }

    function _ids(uint256 first, uint256 count) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](count);
        for (uint256 i; i < count; ++i) ids[i] = first + i;
    }

    function _unauthorized(address account) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, account);
    }

    // ------------------------------------------------------------ constructor and reads

    function test_Constructor_SetsNameSymbolOwnerAndDefaults() public {
        vm.prank(carol);
        MinibotPresale fresh = new MinibotPresale("Name", "SYM", BASE, DELIVERED);
        assertEq(fresh.name(), "Name", "name");
        assertEq(fresh.symbol(), "SYM", "symbol");
        assertEq(fresh.owner(), carol, "owner");
        assertEq(fresh.price(), 0, "price");
        assertFalse(fresh.isMintingEnabled(), "minting starts closed");
        assertTrue(fresh.transfersEnabled(), "transfers start enabled");
        assertEq(fresh.totalSupply(), 0, "supply");
    }

    function test_SupportsInterface_ERC165_ERC721_Metadata_Enumerable_4906() public view {
        assertTrue(presale.supportsInterface(0x01ffc9a7), "ERC165");
        assertTrue(presale.supportsInterface(0x80ac58cd), "ERC721");
        assertTrue(presale.supportsInterface(0x5b5e139f), "ERC721Metadata");
        assertTrue(presale.supportsInterface(0x780e9d63), "ERC721Enumerable");
        assertTrue(presale.supportsInterface(0x49064906), "ERC4906");
        assertFalse(presale.supportsInterface(0xffffffff), "0xffffffff");
        assertFalse(presale.supportsInterface(0x12345678), "random id");
    }

    function test_RevertWhen_BalanceOfZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidOwner.selector, address(0)));
        presale.balanceOf(address(0));
    }

    function test_RevertWhen_OwnerOfNonexistentToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 1));
        presale.ownerOf(1);
    }

    // ------------------------------------------------------------ mint

    function test_Mint_OneTokenForExactPrice() public {
        _mint(alice, 1);
        assertEq(presale.ownerOf(1), alice, "owner of 1");
        assertEq(presale.balanceOf(alice), 1, "balance");
        assertEq(presale.totalSupply(), 1, "supply");
        assertEq(presale.tokenOfOwnerByIndex(alice, 0), 1, "owner index 0");
        assertEq(presale.tokenByIndex(0), 1, "global index 0");
        assertEq(address(presale).balance, PRICE, "contract balance");
        assertEq(alice.balance, 100 ether - PRICE, "payer balance");
    }

    function test_Mint_BatchGetsSequentialIdsAcrossCallers() public {
        _mint(alice, 5);
        _mint(bob, 2);
        _mint(alice, 1);
        assertEq(presale.totalSupply(), 8, "supply");
        for (uint256 i; i < 5; ++i) {
            assertEq(presale.ownerOf(i + 1), alice, "alice ids 1..5");
            assertEq(presale.tokenOfOwnerByIndex(alice, i), i + 1, "alice list");
        }
        assertEq(presale.tokenOfOwnerByIndex(bob, 0), 6, "bob first");
        assertEq(presale.tokenOfOwnerByIndex(bob, 1), 7, "bob second");
        assertEq(presale.tokenOfOwnerByIndex(alice, 5), 8, "alice sixth");
        for (uint256 i; i < 8; ++i) assertEq(presale.tokenByIndex(i), i + 1, "tokenByIndex");
        assertEq(address(presale).balance, PRICE * 8, "contract balance");
    }

    function test_Mint_FillsPastOnePackedWord() public {
        _mint(alice, 20);
        assertEq(presale.balanceOf(alice), 20, "balance");
        for (uint256 i; i < 20; ++i) assertEq(presale.tokenOfOwnerByIndex(alice, i), i + 1, "list order");
    }

    function test_Mint_EmitsTransferPerTokenThenTokensMinted() public {
        for (uint256 id = 1; id <= 3; ++id) {
            vmx.expectEmit(address(presale));
            emit IERC721.Transfer(address(0), alice, id);
        }
        vmx.expectEmit(address(presale));
        emit MinibotPresale.TokensMinted(alice, 3, _ids(1, 3));
        _mint(alice, 3);
    }

    function test_Mint_WorksWhileTransfersDisabled() public {
        vm.prank(owner);
        presale.setTransfersEnabled(false);
        _mint(alice, 2);
        assertEq(presale.balanceOf(alice), 2, "minted while transfers are locked");
    }

    function test_Mint_FreeWhenPriceIsZero() public {
        vm.prank(owner);
        presale.setPrice(0);
        vm.prank(carol);
        presale.mint(2);
        assertEq(presale.balanceOf(carol), 2, "free mint");
    }

    function test_RevertWhen_MintQuantityIsZero() public {
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.InvalidQuantity.selector, 0));
        vm.prank(alice);
        presale.mint{value: 0}(0);
    }

    function test_RevertWhen_MintUnderpays() public {
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.IncorrectPayment.selector, PRICE * 2, PRICE));
        vm.prank(alice);
        presale.mint{value: PRICE}(2);
    }

    function test_RevertWhen_MintOverpays() public {
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.IncorrectPayment.selector, PRICE, PRICE + 1));
        vm.prank(alice);
        presale.mint{value: PRICE + 1}(1);
    }

    function test_RevertWhen_MintingDisabled() public {
        vm.prank(owner);
        presale.setMintingEnabled(false);
        vm.expectRevert(MinibotPresale.MintingDisabled.selector);
        vm.prank(alice);
        presale.mint{value: PRICE}(1);
    }

    function test_RevertWhen_MintExceedsSupplyLimit() public {
        uint256 tooMany = uint256(type(uint32).max) + 1;
        vm.expectRevert(
            abi.encodeWithSelector(MinibotPresale.SupplyLimitExceeded.selector, tooMany, uint256(type(uint32).max))
        );
        vm.prank(alice);
        presale.mint(tooMany);
    }

    function test_RevertWhen_PlainTransferOfValue() public {
        vm.prank(alice);
        (bool sent,) = address(presale).call{value: 1 ether}("");
        assertFalse(sent, "the contract accepts value only through mint");
    }

    // ------------------------------------------------------------ ownerMint

    function test_OwnerMint_MintsForFreeEvenWhileMintingDisabled() public {
        vm.startPrank(owner);
        presale.setMintingEnabled(false);
        vmx.expectEmit(address(presale));
        emit MinibotPresale.TokensMinted(carol, 2, _ids(1, 2));
        presale.ownerMint(carol, 2);
        vm.stopPrank();
        assertEq(presale.balanceOf(carol), 2, "balance");
        assertEq(presale.ownerOf(2), carol, "owner of 2");
        assertEq(address(presale).balance, 0, "nothing paid");
    }

    function test_RevertWhen_OwnerMintByNonOwner() public {
        vm.expectRevert(_unauthorized(alice));
        vm.prank(alice);
        presale.ownerMint(alice, 1);
    }

    function test_RevertWhen_OwnerMintQuantityIsZero() public {
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.InvalidQuantity.selector, 0));
        vm.prank(owner);
        presale.ownerMint(alice, 0);
    }

    function test_RevertWhen_OwnerMintToZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, address(0)));
        vm.prank(owner);
        presale.ownerMint(address(0), 1);
    }

    function test_RevertWhen_OwnerMintExceedsSupplyLimit() public {
        _mint(alice, 1);
        uint256 remaining = uint256(type(uint32).max) - 1;
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.SupplyLimitExceeded.selector, remaining + 1, remaining));
        vm.prank(owner);
        presale.ownerMint(alice, remaining + 1);
    }

    // ------------------------------------------------------------ settings

    function test_SetPrice_UpdatesPriceAndEmitsPriceUpdated() public {
        vmx.expectEmit(address(presale));
        emit MinibotPresale.PriceUpdated(PRICE, 1 ether);
        vm.prank(owner);
        presale.setPrice(1 ether);
        assertEq(presale.price(), 1 ether, "price");
        _mintAt(alice, 1, 1 ether);
        assertEq(presale.balanceOf(alice), 1, "mint at the new price");
    }

    function _mintAt(address to, uint256 quantity, uint256 unitPrice) internal {
        vm.prank(to);
        presale.mint{value: unitPrice * quantity}(quantity);
    }

    function test_SetPrice_AcceptsTheLargest128BitPrice() public {
        vm.prank(owner);
        presale.setPrice(type(uint128).max);
        assertEq(presale.price(), type(uint128).max, "price");
    }

    function test_RevertWhen_SetPriceAbove128Bits() public {
        uint256 tooHigh = uint256(type(uint128).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.PriceTooHigh.selector, tooHigh, uint256(type(uint128).max)));
        vm.prank(owner);
        presale.setPrice(tooHigh);
    }

    function test_RevertWhen_SetPriceByNonOwner() public {
        vm.expectRevert(_unauthorized(alice));
        vm.prank(alice);
        presale.setPrice(1);
    }

    function test_SetMintingEnabled_TogglesAndEmitsMintingEnabled() public {
        vmx.expectEmit(address(presale));
        emit MinibotPresale.MintingEnabled(false);
        vm.prank(owner);
        presale.setMintingEnabled(false);
        assertFalse(presale.isMintingEnabled(), "closed");
        vmx.expectEmit(address(presale));
        emit MinibotPresale.MintingEnabled(true);
        vm.prank(owner);
        presale.setMintingEnabled(true);
        assertTrue(presale.isMintingEnabled(), "open");
    }

    function test_RevertWhen_SetMintingEnabledByNonOwner() public {
        vm.expectRevert(_unauthorized(bob));
        vm.prank(bob);
        presale.setMintingEnabled(false);
    }

    function test_SetTransfersEnabled_TogglesAndEmitsTransfersEnabled() public {
        vmx.expectEmit(address(presale));
        emit MinibotPresale.TransfersEnabled(false);
        vm.prank(owner);
        presale.setTransfersEnabled(false);
        assertFalse(presale.transfersEnabled(), "locked");
        vmx.expectEmit(address(presale));
        emit MinibotPresale.TransfersEnabled(true);
        vm.prank(owner);
        presale.setTransfersEnabled(true);
        assertTrue(presale.transfersEnabled(), "unlocked");
    }

    function test_RevertWhen_SetTransfersEnabledByNonOwner() public {
        vm.expectRevert(_unauthorized(bob));
        vm.prank(bob);
        presale.setTransfersEnabled(false);
    }

    // ------------------------------------------------------------ transfers

    function test_TransferFrom_MovesTokenAndSwapsLastIntoPlace() public {
        _mint(alice, 3);
        vmx.expectEmit(address(presale));
        emit IERC721.Transfer(alice, bob, 1);
        vm.prank(alice);
        presale.transferFrom(alice, bob, 1);
        assertEq(presale.ownerOf(1), bob, "new owner");
        assertEq(presale.balanceOf(alice), 2, "alice balance");
        assertEq(presale.balanceOf(bob), 1, "bob balance");
        assertEq(presale.tokenOfOwnerByIndex(alice, 0), 3, "last moved into the gap");
        assertEq(presale.tokenOfOwnerByIndex(alice, 1), 2, "untouched entry");
        assertEq(presale.tokenOfOwnerByIndex(bob, 0), 1, "bob list");
        assertEq(presale.totalSupply(), 3, "supply unchanged");
    }

    function test_TransferFrom_OfLastEntryAcrossPackedWords() public {
        _mint(alice, 10);
        vm.startPrank(alice);
        presale.transferFrom(alice, bob, 10);
        presale.transferFrom(alice, bob, 2);
        vm.stopPrank();
        assertEq(presale.balanceOf(alice), 8, "alice balance");
        assertEq(presale.tokenOfOwnerByIndex(alice, 1), 9, "token 9 moved from index 8 to index 1");
        assertEq(presale.tokenOfOwnerByIndex(bob, 0), 10, "bob first");
        assertEq(presale.tokenOfOwnerByIndex(bob, 1), 2, "bob second");
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.ERC721OutOfBoundsIndex.selector, alice, 8));
        presale.tokenOfOwnerByIndex(alice, 8);
    }

    function test_SafeTransferFrom_MovesToken() public {
        _mint(alice, 1);
        vm.prank(alice);
        presale.safeTransferFrom(alice, bob, 1);
        assertEq(presale.ownerOf(1), bob, "owner");
        assertEq(presale.tokenOfOwnerByIndex(bob, 0), 1, "bob list");
    }

    function test_TransferFrom_ToSelfKeepsEnumeration() public {
        _mint(alice, 2);
        vm.prank(alice);
        presale.transferFrom(alice, alice, 1);
        assertEq(presale.balanceOf(alice), 2, "balance");
        assertEq(presale.tokenOfOwnerByIndex(alice, 0), 1, "index 0");
        assertEq(presale.tokenOfOwnerByIndex(alice, 1), 2, "index 1");
    }

    function test_TransferFrom_ByApprovedAccountAndOperator() public {
        _mint(alice, 2);
        vm.startPrank(alice);
        vmx.expectEmit(address(presale));
        emit IERC721.Approval(alice, bob, 1);
        presale.approve(bob, 1);
        vmx.expectEmit(address(presale));
        emit IERC721.ApprovalForAll(alice, carol, true);
        presale.setApprovalForAll(carol, true);
        vm.stopPrank();
        assertEq(presale.getApproved(1), bob, "approved");
        assertTrue(presale.isApprovedForAll(alice, carol), "operator");
        vm.prank(bob);
        presale.transferFrom(alice, bob, 1);
        assertEq(presale.getApproved(1), address(0), "approval cleared by the transfer");
        vm.prank(carol);
        presale.transferFrom(alice, carol, 2);
        assertEq(presale.ownerOf(2), carol, "operator transfer");
    }

    function test_RevertWhen_TransferByStranger() public {
        _mint(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InsufficientApproval.selector, bob, 1));
        vm.prank(bob);
        presale.transferFrom(alice, bob, 1);
    }

    function test_RevertWhen_TransferWhileTransfersDisabled() public {
        _mint(alice, 1);
        vm.prank(owner);
        presale.setTransfersEnabled(false);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.TransfersDisabled.selector, alice, bob, 1));
        vm.prank(alice);
        presale.transferFrom(alice, bob, 1);
    }

    function test_RevertWhen_SafeTransferWhileTransfersDisabled() public {
        _mint(alice, 1);
        vm.prank(owner);
        presale.setTransfersEnabled(false);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.TransfersDisabled.selector, alice, bob, 1));
        vm.prank(alice);
        presale.safeTransferFrom(alice, bob, 1);
    }

    function test_Approve_StillWorksWhileTransfersDisabled_AndTransferWorksOnceEnabled() public {
        _mint(alice, 1);
        vm.prank(owner);
        presale.setTransfersEnabled(false);
        vm.prank(alice);
        presale.approve(bob, 1);
        assertEq(presale.getApproved(1), bob, "approval while locked");
        vm.prank(owner);
        presale.setTransfersEnabled(true);
        vm.prank(bob);
        presale.transferFrom(alice, bob, 1);
        assertEq(presale.ownerOf(1), bob, "transfer after unlock");
    }

    // ------------------------------------------------------------ enumeration bounds

    function test_RevertWhen_TokenOfOwnerByIndexOutOfBounds() public {
        _mint(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.ERC721OutOfBoundsIndex.selector, alice, 1));
        presale.tokenOfOwnerByIndex(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.ERC721OutOfBoundsIndex.selector, bob, 0));
        presale.tokenOfOwnerByIndex(bob, 0);
    }

    function test_RevertWhen_TokenByIndexOutOfBounds() public {
        _mint(alice, 2);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.ERC721OutOfBoundsIndex.selector, address(0), 2));
        presale.tokenByIndex(2);
    }

    // ------------------------------------------------------------ token URI and delivery

    function test_TokenURI_IsBaseURIPlusId() public {
        _mint(alice, 12);
        assertEq(presale.tokenURI(1), "ipfs://pass/1", "token 1");
        assertEq(presale.tokenURI(12), "ipfs://pass/12", "token 12");
    }

    function test_TokenURI_IsEmptyWhenTheBaseIsEmpty() public {
        _mint(alice, 1);
        vm.prank(owner);
        presale.setBaseURI("");
        assertEq(presale.tokenURI(1), "", "empty base");
    }

    function test_RevertWhen_TokenURIOfNonexistentToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 99));
        presale.tokenURI(99);
    }

    function test_MarkBotDelivered_SwitchesTokenURIAndEmitsMetadataUpdate() public {
        _mint(alice, 2);
        assertFalse(presale.botDelivered(2), "not delivered yet");
        vmx.expectEmit(address(presale));
        emit IERC4906.MetadataUpdate(2);
        vm.prank(owner);
        presale.markBotDelivered(2);
        assertTrue(presale.botDelivered(2), "delivered");
        assertFalse(presale.botDelivered(1), "other token untouched");
        assertEq(presale.tokenURI(2), "ipfs://delivered/2", "delivered URI");
        assertEq(presale.tokenURI(1), "ipfs://pass/1", "base URI for the other");
    }

    function test_MarkBotDelivered_BitmapIsPerToken() public {
        _mint(alice, 300);
        vm.startPrank(owner);
        presale.markBotDelivered(255);
        presale.markBotDelivered(256);
        vm.stopPrank();
        assertTrue(presale.botDelivered(255), "255");
        assertTrue(presale.botDelivered(256), "256");
        assertFalse(presale.botDelivered(254), "254");
        assertFalse(presale.botDelivered(257), "257");
    }

    function test_RevertWhen_MarkBotDeliveredTwice() public {
        _mint(alice, 1);
        vm.startPrank(owner);
        presale.markBotDelivered(1);
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.BotAlreadyDelivered.selector, 1));
        presale.markBotDelivered(1);
        vm.stopPrank();
    }

    function test_RevertWhen_MarkBotDeliveredOfNonexistentToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 7));
        vm.prank(owner);
        presale.markBotDelivered(7);
    }

    function test_RevertWhen_MarkBotDeliveredByNonOwner() public {
        _mint(alice, 1);
        vm.expectRevert(_unauthorized(alice));
        vm.prank(alice);
        presale.markBotDelivered(1);
    }

    function test_RevertWhen_BotDeliveredOfNonexistentToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 3));
        presale.botDelivered(3);
    }

    function test_SetBaseURI_ChangesURIsOfUndeliveredTokensAndEmits() public {
        _mint(alice, 3);
        vm.startPrank(owner);
        presale.markBotDelivered(3);
        vmx.expectEmit(address(presale));
        emit MinibotPresale.BaseURIUpdated("https://new.example/");
        vmx.expectEmit(address(presale));
        emit IERC4906.BatchMetadataUpdate(1, 3);
        presale.setBaseURI("https://new.example/");
        vm.stopPrank();
        assertEq(presale.tokenURI(1), "https://new.example/1", "new base");
        assertEq(presale.tokenURI(3), "ipfs://delivered/3", "delivered token keeps the delivered URI");
    }

    function test_SetBaseURI_BeforeAnyMintEmitsOnlyBaseURIUpdated() public {
        vmx.recordLogs();
        vm.prank(owner);
        presale.setBaseURI("x/");
        assertEq(vmx.getRecordedLogs().length, 1, "one event");
    }

    function test_RevertWhen_SetBaseURIByNonOwner() public {
        vm.expectRevert(_unauthorized(alice));
        vm.prank(alice);
        presale.setBaseURI("x/");
    }

    // ------------------------------------------------------------ withdraw

    function test_Withdraw_SendsTheWholeBalanceToTheOwnerAndEmits() public {
        _mint(alice, 3);
        _mint(bob, 1);
        uint256 before = owner.balance;
        vmx.expectEmit(address(presale));
        emit MinibotPresale.Withdrawn(owner, PRICE * 4);
        vm.prank(owner);
        presale.withdraw();
        assertEq(owner.balance, before + PRICE * 4, "owner received everything");
        assertEq(address(presale).balance, 0, "contract emptied");
    }

    function test_RevertWhen_WithdrawByNonOwner() public {
        _mint(alice, 1);
        vm.expectRevert(_unauthorized(alice));
        vm.prank(alice);
        presale.withdraw();
    }

    function test_RevertWhen_WithdrawWithNothingToWithdraw() public {
        vm.expectRevert(MinibotPresale.NothingToWithdraw.selector);
        vm.prank(owner);
        presale.withdraw();
    }

    function test_RevertWhen_WithdrawToAnOwnerThatRejectsPayment() public {
        _mint(alice, 1);
        RejectingOwner rejecting = new RejectingOwner();
        vm.prank(owner);
        presale.transferOwnership(address(rejecting));
        vm.expectRevert(abi.encodeWithSelector(MinibotPresale.WithdrawFailed.selector, address(rejecting), PRICE));
        rejecting.withdraw(presale);
    }

    function test_Withdraw_ReentryFromTheOwnerFails() public {
        _mint(alice, 2);
        ReenteringOwner attacker = new ReenteringOwner();
        attacker.setPresale(presale);
        vm.prank(owner);
        presale.transferOwnership(address(attacker));
        attacker.withdraw();
        assertFalse(attacker.reentered(), "the nested withdraw did not succeed");
        assertEq(
            keccak256(attacker.reentryError()),
            keccak256(abi.encodeWithSelector(ReentrancyGuard.ReentrancyGuardReentrantCall.selector)),
            "nested call reverted with the re-entrancy error"
        );
        assertEq(attacker.received(), PRICE * 2, "paid exactly once");
        assertEq(address(presale).balance, 0, "contract emptied once");
    }

    // ------------------------------------------------------------ ownership

    function test_TransferOwnership_MovesOwnerRightsAndEmits() public {
        vmx.expectEmit(address(presale));
        emit Ownable.OwnershipTransferred(owner, carol);
        vm.prank(owner);
        presale.transferOwnership(carol);
        assertEq(presale.owner(), carol, "new owner");
        vm.prank(carol);
        presale.setPrice(1);
        vm.expectRevert(_unauthorized(owner));
        vm.prank(owner);
        presale.setPrice(2);
    }

    function test_RevertWhen_TransferOwnershipToZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        vm.prank(owner);
        presale.transferOwnership(address(0));
    }

    function test_RevertWhen_TransferOwnershipByNonOwner() public {
        vm.expectRevert(_unauthorized(alice));
        vm.prank(alice);
        presale.transferOwnership(alice);
    }

    function test_RenounceOwnership_LeavesNoOwner() public {
        vmx.expectEmit(address(presale));
        emit Ownable.OwnershipTransferred(owner, address(0));
        vm.prank(owner);
        presale.renounceOwnership();
        assertEq(presale.owner(), address(0), "no owner");
        vm.expectRevert(_unauthorized(owner));
        vm.prank(owner);
        presale.setMintingEnabled(false);
    }

    function test_RevertWhen_RenounceOwnershipByNonOwner() public {
        vm.expectRevert(_unauthorized(bob));
        vm.prank(bob);
        presale.renounceOwnership();
    }
}
