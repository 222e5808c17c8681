// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// A minimal ERC20 for tests: 6 decimals like USDT/USDC, and a `mint` anyone may call so a test
/// can fund any address. Never deploy this anywhere real.
contract TestUSD {
    string public constant name = "Test USD";
    string public constant symbol = "TUSD";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// Test only: creates `amount` units for `to` (a Transfer from the zero address).
    function mint(address to, uint256 amount) external {
        require(to != address(0), "TestUSD: mint to the zero address");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "TestUSD: allowance too low");
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        require(to != address(0), "TestUSD: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= amount, "TestUSD: balance too low");
        balanceOf[from] = held - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
