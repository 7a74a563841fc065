"""scripts/ab-bench: A/B benchmarks of OM with range compaction off, on, or upstream's periodic full compaction."""
