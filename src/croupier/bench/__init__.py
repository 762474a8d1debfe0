"""Benchmark harnesses run by `croupier bench ...` (peer libraries are optional imports)."""
