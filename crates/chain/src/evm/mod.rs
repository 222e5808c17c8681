//! EVM over JSON-RPC (in progress).
