// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TestBase} from "../utils/TestBase.sol";
import {SwapPool} from "../../src/dev/SwapPool.sol";
import {TestToken} from "../../src/dev/TestToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract SwapPoolTest is TestBase {
    SwapPool internal pool;
    TestToken internal usdt;
    TestToken internal usdc;
    address internal user;

    function setUp() public {
        user = makeAddr("user");
        vm.deal(address(this), 1_000 ether);
        vm.deal(user, 10 ether);
        pool = new SwapPool(30);
        usdt = new TestToken("Tether USD", "USDT", 18);
        usdc = new TestToken("USD Coin", "USDC", 6);
        usdt.mint(address(this), 60_000 ether);
        usdc.mint(address(this), 60_000e6);
        usdt.approve(address(pool), type(uint256).max);
        usdc.approve(address(pool), type(uint256).max);
        pool.addLiquidity{value: 100 ether}(address(usdt), 60_000 ether);
        pool.addLiquidity{value: 100 ether}(address(usdc), 60_000e6);
        usdt.mint(user, 1_000 ether);
    }

    function test_TestToken_HasConfiguredDecimalsAndOwnerOnlyMint() public {
        assertEq(usdc.decimals(), 6, "decimals");
        assertEq(usdt.decimals(), 18, "decimals");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, user));
        vm.prank(user);
        usdt.mint(user, 1);
    }

    function test_Tokens_ListsEveryPool() public view {
        address[] memory listed = pool.tokens();
        assertEq(listed.length, 2, "two pools");
        assertEq(listed[0], address(usdt), "first");
        assertEq(listed[1], address(usdc), "second");
    }

    function test_SwapExactNativeForTokens_MovesBalancesAtTheQuotedAmount() public {
        (uint256 nativeReserve, uint256 tokenReserve) = pool.getReserves(address(usdt));
        uint256 quoted = pool.getAmountOut(1 ether, nativeReserve, tokenReserve);
        assertTrue(quoted < 600 ether && quoted > 590 ether, "about 600 USDT minus fee and impact");
        uint256 before = usdt.balanceOf(user);
        vm.prank(user);
        uint256 out = pool.swapExactNativeForTokens{value: 1 ether}(address(usdt), quoted, user);
        assertEq(out, quoted, "output equals the quote");
        assertEq(usdt.balanceOf(user) - before, quoted, "tokens received");
        assertEq(user.balance, 9 ether, "native spent");
        (uint256 n2, uint256 t2) = pool.getReserves(address(usdt));
        assertEq(n2, nativeReserve + 1 ether, "native reserve grew");
        assertEq(t2, tokenReserve - quoted, "token reserve shrank");
    }

    function test_SwapExactTokensForNative_MovesBalances() public {
        (uint256 nativeReserve, uint256 tokenReserve) = pool.getReserves(address(usdt));
        uint256 quoted = pool.getAmountOut(600 ether, tokenReserve, nativeReserve);
        vm.startPrank(user);
        usdt.approve(address(pool), 600 ether);
        pool.swapExactTokensForNative(address(usdt), 600 ether, quoted, user);
        vm.stopPrank();
        assertEq(user.balance, 10 ether + quoted, "native received");
        assertEq(usdt.balanceOf(user), 400 ether, "tokens spent");
    }

    function test_SwapExactTokensForTokens_RoutesThroughNative() public {
        vm.startPrank(user);
        usdt.approve(address(pool), 100 ether);
        uint256 out = pool.swapExactTokensForTokens(address(usdt), address(usdc), 100 ether, 90e6, user);
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), out, "USDC received");
        assertTrue(out > 99e6 && out < 100e6, "about 100 USDC minus two fees");
    }

    function test_Swap_EmitsSwapAndAddLiquidityEmitsLiquidityAdded() public {
        (uint256 nativeReserve, uint256 tokenReserve) = pool.getReserves(address(usdt));
        uint256 quoted = pool.getAmountOut(1 ether, nativeReserve, tokenReserve);
        vmx.expectEmit(address(pool));
        emit SwapPool.Swap(user, address(usdt), true, 1 ether, quoted, user);
        vm.prank(user);
        pool.swapExactNativeForTokens{value: 1 ether}(address(usdt), 0, user);
        usdc.mint(address(this), 600e6);
        vmx.expectEmit(address(pool));
        emit SwapPool.LiquidityAdded(address(usdc), 1 ether, 600e6);
        pool.addLiquidity{value: 1 ether}(address(usdc), 600e6);
    }

    function test_RevertWhen_OutputBelowMinimum() public {
        (uint256 nativeReserve, uint256 tokenReserve) = pool.getReserves(address(usdt));
        uint256 quoted = pool.getAmountOut(1 ether, nativeReserve, tokenReserve);
        vm.expectRevert(abi.encodeWithSelector(SwapPool.InsufficientOutput.selector, quoted, quoted + 1));
        vm.prank(user);
        pool.swapExactNativeForTokens{value: 1 ether}(address(usdt), quoted + 1, user);
    }

    function test_RevertWhen_TokenHasNoPool() public {
        vm.expectRevert(abi.encodeWithSelector(SwapPool.UnknownToken.selector, address(0xBEEF)));
        vm.prank(user);
        pool.swapExactNativeForTokens{value: 1 ether}(address(0xBEEF), 0, user);
    }

    function test_RevertWhen_SwapOfZero() public {
        vm.expectRevert(SwapPool.ZeroAmount.selector);
        vm.prank(user);
        pool.swapExactNativeForTokens{value: 0}(address(usdt), 0, user);
    }

    function test_RevertWhen_AddLiquidityByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, user));
        vm.prank(user);
        pool.addLiquidity(address(usdt), 0);
    }

    function test_RevertWhen_FeeIsWholeInput() public {
        vm.expectRevert(abi.encodeWithSelector(SwapPool.InvalidFee.selector, 10_000));
        new SwapPool(10_000);
    }

    function testFuzz_Swap_KeepsTheConstantProductFromFalling(uint256 amountIn) public {
        amountIn = bound(amountIn, 1e9, 10 ether);
        vm.deal(user, amountIn);
        (uint256 n1, uint256 t1) = pool.getReserves(address(usdt));
        vm.prank(user);
        pool.swapExactNativeForTokens{value: amountIn}(address(usdt), 0, user);
        (uint256 n2, uint256 t2) = pool.getReserves(address(usdt));
        assertTrue(n2 * t2 >= n1 * t1, "k never decreases");
        assertEq(usdt.balanceOf(address(pool)), t2, "token reserve == token balance");
        assertEq(address(pool).balance, n2 + 100 ether, "native reserves == native balance");
    }

    receive() external payable {}
}
