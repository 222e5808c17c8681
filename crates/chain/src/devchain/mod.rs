//! The embedded simulated chain (in progress).
