//! TRON over the full node HTTP API (in progress).
