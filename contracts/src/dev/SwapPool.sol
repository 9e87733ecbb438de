// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/**
 * @title Development swap pool
 * @notice Constant-product pools between the native coin and each listed token, for the local dev
 * stack only: api-mocks quotes from `getReserves` / `getAmountOut` and builds transactions that call
 * the swap functions. The fee (`feeBps`, in basis points) is taken from the input amount.
 */
contract SwapPool is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @dev Reserves of one native/token pool.
    struct Reserves {
        uint128 native;
        uint128 token;
    }

    /// @notice Fee on the input amount, in basis points.
    uint256 public immutable feeBps;
    mapping(address token => Reserves) private _reserves;
    address[] private _tokens;

    /**
     * @notice Emitted on every swap.
     * @param sender Caller.
     * @param token The pool's token.
     * @param nativeIn Whether the native coin went in (else the token went in).
     * @param amountIn Amount in.
     * @param amountOut Amount out.
     * @param to Receiver.
     */
    event Swap(address indexed sender, address indexed token, bool nativeIn, uint256 amountIn, uint256 amountOut, address indexed to);
    /**
     * @notice Emitted when the owner adds liquidity.
     * @param token The pool's token.
     * @param nativeAmount Native coin added.
     * @param tokenAmount Tokens added.
     */
    event LiquidityAdded(address indexed token, uint256 nativeAmount, uint256 tokenAmount);

    /**
     * @notice The output is below the caller's minimum.
     * @param amountOut Output the swap would give.
     * @param minAmountOut The caller's minimum.
     */
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    /**
     * @notice There is no pool for this token.
     * @param token The token.
     */
    error UnknownToken(address token);
    /// @notice A zero input amount.
    error ZeroAmount();
    /**
     * @notice The fee is 100% or more.
     * @param feeBps The fee asked for.
     */
    error InvalidFee(uint256 feeBps);
    /**
     * @notice Sending the native coin failed.
     * @param to Receiver.
     * @param amount Amount.
     */
    error NativeTransferFailed(address to, uint256 amount);

    /// @param feeBps_ Fee on the input amount, in basis points (below 10000).
    constructor(uint256 feeBps_) Ownable(msg.sender) {
        if (feeBps_ >= 10_000) revert InvalidFee(feeBps_);
        feeBps = feeBps_;
    }

    /// @notice The tokens that have a pool.
    function tokens() external view returns (address[] memory) {
        return _tokens;
    }

    /**
     * @notice Reserves of the pool of `token`.
     * @param token The token.
     * @return nativeReserve Native coin in the pool, in wei.
     * @return tokenReserve Tokens in the pool.
     */
    function getReserves(address token) external view returns (uint256 nativeReserve, uint256 tokenReserve) {
        Reserves memory r = _reserves[token];
        return (r.native, r.token);
    }

    /**
     * @notice Constant-product output for `amountIn` after the fee.
     * @param amountIn Amount in.
     * @param reserveIn Reserve of the input side.
     * @param reserveOut Reserve of the output side.
     */
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public view returns (uint256) {
        uint256 inAfterFee = amountIn * (10_000 - feeBps);
        return (inAfterFee * reserveOut) / (reserveIn * 10_000 + inAfterFee);
    }

    /**
     * @notice Owner only: adds `msg.value` native coin and `tokenAmount` tokens (pulled from the caller,
     * who must have approved them) to the pool of `token`, listing it if new.
     * @param token The token.
     * @param tokenAmount Tokens to add.
     */
    function addLiquidity(address token, uint256 tokenAmount) external payable onlyOwner {
        Reserves storage r = _reserves[token];
        if (r.native == 0 && r.token == 0) _tokens.push(token);
        IERC20(token).safeTransferFrom(msg.sender, address(this), tokenAmount);
        r.native += msg.value.toUint128();
        r.token += tokenAmount.toUint128();
        emit LiquidityAdded(token, msg.value, tokenAmount);
    }

    /**
     * @notice Swaps all of `msg.value` for tokens of `token`'s pool, sent to `to`.
     * @param token The token to buy.
     * @param minAmountOut Least acceptable output.
     * @param to Receiver of the tokens.
     * @return amountOut Tokens sent.
     */
    function swapExactNativeForTokens(address token, uint256 minAmountOut, address to)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        amountOut = _nativeToToken(token, msg.value, minAmountOut);
        IERC20(token).safeTransfer(to, amountOut);
        emit Swap(msg.sender, token, true, msg.value, amountOut, to);
    }

    /**
     * @notice Swaps `amountIn` tokens (approved to this pool beforehand) for the native coin, sent to `to`.
     * @param token The token to sell.
     * @param amountIn Tokens in.
     * @param minAmountOut Least acceptable output, in wei.
     * @param to Receiver of the native coin.
     * @return amountOut Wei sent.
     */
    function swapExactTokensForNative(address token, uint256 amountIn, uint256 minAmountOut, address to)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        IERC20(token).safeTransferFrom(msg.sender, address(this), amountIn);
        amountOut = _tokenToNative(token, amountIn, minAmountOut);
        _sendNative(to, amountOut);
        emit Swap(msg.sender, token, false, amountIn, amountOut, to);
    }

    /**
     * @notice Swaps `amountIn` of `tokenIn` for `tokenOut` through the native coin, sent to `to`.
     * @param tokenIn The token to sell (approved to this pool beforehand).
     * @param tokenOut The token to buy.
     * @param amountIn Tokens in.
     * @param minAmountOut Least acceptable output of `tokenOut`.
     * @param to Receiver.
     * @return amountOut Tokens of `tokenOut` sent.
     */
    function swapExactTokensForTokens(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), amountIn);
        uint256 nativeAmount = _tokenToNative(tokenIn, amountIn, 0);
        amountOut = _nativeToToken(tokenOut, nativeAmount, minAmountOut);
        IERC20(tokenOut).safeTransfer(to, amountOut);
        emit Swap(msg.sender, tokenIn, false, amountIn, nativeAmount, address(this));
        emit Swap(msg.sender, tokenOut, true, nativeAmount, amountOut, to);
    }

    /// @dev Moves `amountIn` native into the pool of `token` and returns the token output.
    function _nativeToToken(address token, uint256 amountIn, uint256 minAmountOut) private returns (uint256 amountOut) {
        if (amountIn == 0) revert ZeroAmount();
        Reserves storage r = _pool(token);
        amountOut = getAmountOut(amountIn, r.native, r.token);
        if (amountOut < minAmountOut || amountOut == 0) revert InsufficientOutput(amountOut, minAmountOut);
        r.native += amountIn.toUint128();
        r.token -= amountOut.toUint128();
    }

    /// @dev Moves `amountIn` tokens into the pool of `token` and returns the native output.
    function _tokenToNative(address token, uint256 amountIn, uint256 minAmountOut) private returns (uint256 amountOut) {
        if (amountIn == 0) revert ZeroAmount();
        Reserves storage r = _pool(token);
        amountOut = getAmountOut(amountIn, r.token, r.native);
        if (amountOut < minAmountOut || amountOut == 0) revert InsufficientOutput(amountOut, minAmountOut);
        r.token += amountIn.toUint128();
        r.native -= amountOut.toUint128();
    }

    /// @dev The pool of `token`, which must exist.
    function _pool(address token) private view returns (Reserves storage r) {
        r = _reserves[token];
        if (r.native == 0 || r.token == 0) revert UnknownToken(token);
    }

    /// @dev Sends `amount` wei to `to`.
    function _sendNative(address to, uint256 amount) private {
        (bool sent,) = to.call{value: amount}("");
        if (!sent) revert NativeTransferFailed(to, amount);
    }
}
